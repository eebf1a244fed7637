// SPDX-License-Identifier: GPL-2.0
/* --verify: an expectation marked known to fail that is met is FIXED */
#include <ordercheck/linux.h>

void obj_get(atomic_t *refs)
{
	atomic_inc(refs); // expect-note[mb-after-atomic] {{is unordered}}
	smp_mb(); // expect-warning[mb-after-atomic] {{use smp_mb__after_atomic()}} expect-known-to-fail: was not reported once
}
