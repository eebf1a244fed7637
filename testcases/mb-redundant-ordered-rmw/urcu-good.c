// SPDX-License-Identifier: GPL-2.0
/*
 * mb-redundant-ordered-rmw, liburcu 0.13, good: uatomic_add() is not
 * ordered (doc/uatomic-api.md), so its twin is needed; no barrier beside
 * the ordered RMW.
 */
#define _LGPL_SOURCE
#include <urcu/uatomic.h>
// expect-no-diagnostics

unsigned long seq, hits;

unsigned long good_next(void)
{
	return uatomic_add_return(&seq, 1);
}

void good_hit(void)
{
	uatomic_add(&hits, 1);
	cmm_smp_mb__after_uatomic_add();
	CMM_STORE_SHARED(seq, 0);
}
