// SPDX-License-Identifier: GPL-2.0
/* --verify: the finding is expected, its note is not: the run fails */
#include <ordercheck/linux.h>

void obj_get(atomic_t *refs)
{
	atomic_inc(refs);
	smp_mb(); // expect-warning[mb-after-atomic] {{use smp_mb__after_atomic()}}
}
