// SPDX-License-Identifier: GPL-2.0
/*
 * mb-after-atomic, liburcu 0.13 (the installed <urcu/uatomic.h>): a full
 * barrier directly after a void uatomic RMW; urcu has a twin per RMW,
 * cmm_smp_mb__after_uatomic_<op>(), a compiler barrier on x86.
 */
#define _LGPL_SOURCE
#include <urcu/uatomic.h>

struct obj {
	unsigned long refs;
	unsigned long flags;
	int ready;
};

void bad_inc(struct obj *o)
{
	uatomic_inc(&o->refs); // expect-note {{'uatomic_inc()' is unordered; cmm_smp_mb__after_uatomic_inc()}}
	cmm_smp_mb(); // expect-warning[mb-after-atomic] {{cmm_smp_mb() directly after a void atomic; use cmm_smp_mb__after_uatomic_inc()}}
	CMM_STORE_SHARED(o->ready, 1);
}

void bad_or(struct obj *o)
{
	uatomic_or(&o->flags, 4UL); // expect-note[mb-after-atomic] {{'uatomic_or()' is unordered}}
	cmm_smp_mb(); // expect-warning[mb-after-atomic] {{use cmm_smp_mb__after_uatomic_or()}}
	CMM_STORE_SHARED(o->ready, 1);
}
