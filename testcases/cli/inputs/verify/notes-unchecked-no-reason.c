// SPDX-License-Identifier: GPL-2.0
/* --verify: an opt-out without a reason is an error */
#include <ordercheck/linux.h>
// expect-notes-unchecked:

void obj_get(atomic_t *refs)
{
	atomic_inc(refs);
	smp_mb(); // expect-warning[mb-after-atomic] {{use smp_mb__after_atomic()}}
}
