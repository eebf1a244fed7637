/* SPDX-License-Identifier: GPL-2.0 */
/* a header whose finding nothing expects */
#include <ordercheck/linux.h>

static inline void obj_get(atomic_t *refs)
{
	atomic_inc(refs);
	smp_mb();
}
