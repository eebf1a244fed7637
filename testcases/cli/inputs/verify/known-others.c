// SPDX-License-Identifier: GPL-2.0
/*
 * --verify: a known failure does not silence the file: the finding of
 * obj_get() is still unexpected
 */
#include <ordercheck/linux.h>

void obj_get(atomic_t *refs)
{
	atomic_inc(refs);
	smp_mb();
}

void obj_get_indirect(atomic_t *refs, void (*inc)(atomic_t *))
{
	inc(refs);
	smp_mb(); // expect-warning[mb-after-atomic] {{use smp_mb__after_atomic()}} expect-known-to-fail: an atomic behind a function pointer is not seen
}
