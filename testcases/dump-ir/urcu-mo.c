// SPDX-License-Identifier: GPL-2.0
/*
 * liburcu 0.15's memory-order API as events (vocab/urcu.def): each *_mo
 * operation at the order its argument names (CMM_SEQ_CST_FENCE read as
 * seq_cst), uatomic_load()/uatomic_store() relaxed without one. The
 * installed liburcu is 0.13: the shim defines the API as 0.15.0 does.
 */
#define _LGPL_SOURCE
#include <urcu/uatomic.h>
#include "../shim/urcu-0.15/urcu/uatomic-mo.h"

struct ctr {
	unsigned long n;
	int flag;
};

void orders(struct ctr *c)
{
	unsigned long v;

	v = uatomic_load(&c->n);
	v += uatomic_load(&c->n, CMM_ACQUIRE);
	v += uatomic_load_mo(&c->n, CMM_SEQ_CST);
	uatomic_store(&c->flag, 1);
	uatomic_store(&c->flag, 2, CMM_RELEASE);
	uatomic_store_mo(&c->flag, 3, CMM_SEQ_CST_FENCE);
	v += uatomic_xchg_mo(&c->n, v, CMM_ACQ_REL);
	v += uatomic_cmpxchg_mo(&c->n, v, 0, CMM_ACQUIRE, CMM_RELAXED);
	v += uatomic_add_return_mo(&c->n, 1, CMM_RELEASE);
	v += uatomic_sub_return_mo(&c->n, 1, CMM_SEQ_CST_FENCE);
	uatomic_add_mo(&c->n, 2, CMM_RELAXED);
	uatomic_sub_mo(&c->n, 2, CMM_RELEASE);
	uatomic_inc_mo(&c->n, CMM_RELAXED);
	uatomic_dec_mo(&c->n, CMM_SEQ_CST);
	uatomic_and_mo(&c->flag, 1, CMM_ACQUIRE);
	uatomic_or_mo(&c->flag, 2, CMM_RELAXED);
	uatomic_store(&c->flag, (int)v);
}
