// SPDX-License-Identifier: GPL-2.0
/*
 * --verify: the note is expected on the line of the warning, not on the
 * atomic it is about: the expectation is not met and the note is
 * unexpected
 */
#include <ordercheck/linux.h>

void obj_get(atomic_t *refs)
{
	atomic_inc(refs);
	smp_mb(); // expect-warning[mb-after-atomic] {{use smp_mb__after_atomic()}} expect-note[mb-after-atomic] {{'atomic_inc()' is unordered}}
}
