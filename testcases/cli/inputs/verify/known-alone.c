// SPDX-License-Identifier: GPL-2.0
/*
 * --verify: a known failure marks the expectation before it on its line;
 * alone on a line it marks nothing, and is an error
 */
#include <ordercheck/linux.h>
// expect-known-to-fail: the whole file, as it once meant

void obj_get(atomic_t *refs)
{
	atomic_inc(refs);
	smp_mb();
}
