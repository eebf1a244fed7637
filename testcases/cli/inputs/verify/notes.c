// SPDX-License-Identifier: GPL-2.0
/* --verify: a finding and its note, each expected where it is */
#include <ordercheck/linux.h>

void obj_get(atomic_t *refs)
{
	atomic_inc(refs); // expect-note[mb-after-atomic] {{is unordered}}
	smp_mb(); // expect-warning[mb-after-atomic] {{use smp_mb__after_atomic()}}
}
