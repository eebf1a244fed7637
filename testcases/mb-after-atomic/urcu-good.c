// SPDX-License-Identifier: GPL-2.0
/*
 * mb-after-atomic, liburcu 0.13, good: the twin after the void RMW, and a
 * full barrier after an RMW that is already fully ordered is another
 * rule's (mb-redundant-ordered-rmw), not this one's.
 */
#define _LGPL_SOURCE
#include <urcu/uatomic.h>
// expect-no-diagnostics

struct obj {
	unsigned long refs;
	int ready;
};

void good_inc(struct obj *o)
{
	uatomic_inc(&o->refs);
	cmm_smp_mb__after_uatomic_inc();
	CMM_STORE_SHARED(o->ready, 1);
}

void good_dec(struct obj *o)
{
	cmm_smp_mb__before_uatomic_dec();
	uatomic_dec(&o->refs);
}

/* a full barrier between two plain stores: nothing to upgrade */
void good_mb(struct obj *o)
{
	CMM_STORE_SHARED(o->refs, 0);
	cmm_smp_mb();
	CMM_STORE_SHARED(o->ready, 1);
}
