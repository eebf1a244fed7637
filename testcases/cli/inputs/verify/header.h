/* SPDX-License-Identifier: GPL-2.0 */
/* a header of the case: its finding and its note are expected here */
#include <ordercheck/linux.h>

static inline void obj_get(atomic_t *refs)
{
	atomic_inc(refs); // expect-note[mb-after-atomic] {{is unordered}}
	smp_mb(); // expect-warning[mb-after-atomic] {{use smp_mb__after_atomic()}}
}
