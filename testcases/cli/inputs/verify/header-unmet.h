/* SPDX-License-Identifier: GPL-2.0 */
/* a header expecting a finding the checker does not make */
#include <ordercheck/linux.h>

static inline void obj_put(atomic_t *refs)
{
	atomic_dec(refs);
	smp_mb__after_atomic(); // expect-warning[mb-after-atomic] {{use smp_mb__after_atomic()}}
}
