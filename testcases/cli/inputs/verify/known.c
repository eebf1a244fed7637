// SPDX-License-Identifier: GPL-2.0
/*
 * --verify: one expectation marked known to fail (the checker does not
 * see through the function pointer) is counted, not failed; the others
 * are held as usual
 */
#include <ordercheck/linux.h>

void obj_get(atomic_t *refs)
{
	atomic_inc(refs); // expect-note[mb-after-atomic] {{is unordered}}
	smp_mb(); // expect-warning[mb-after-atomic] {{use smp_mb__after_atomic()}}
}

void obj_get_indirect(atomic_t *refs, void (*inc)(atomic_t *))
{
	inc(refs);
	smp_mb(); // expect-warning[mb-after-atomic] {{use smp_mb__after_atomic()}} expect-known-to-fail: an atomic behind a function pointer is not seen
}
