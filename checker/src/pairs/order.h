/* SPDX-License-Identifier: GPL-2.0 */
/* Whether one function orders two of its accesses, and by what. */
#ifndef ORDERCHECK_PAIRS_ORDER_H
#define ORDERCHECK_PAIRS_ORDER_H

#include "../vocab/vocab.h"
#include "facts.h"

enum ord {
	ORD_NONE, /* nothing orders them */
	ORD_WRONG, /* a barrier is there, of a kind that does not order these */
	ORD_UNKNOWN, /* a call or a lock between: we cannot tell */
	ORD_YES,
};

/* The two accesses' roles: VO_RR, VO_RW, VO_WR or VO_WW (vocab.h). */
struct ordering {
	enum ord ord;
	const struct fact *by; /* the fence, access or call that orders */
	const char
		*what; /* "smp_wmb()", "a release", "an address dependency" */
};

struct summaries; /* summary.h: what a call between two accesses does */

/*
 * How @fn orders its facts @i before @j (i < j) for @need (VO_*). A call
 * between them is judged by its summary in @sums.
 */
struct ordering order_between(const struct fact_fn *fn, unsigned i, unsigned j,
			      unsigned need, const struct summaries *sums);

/*
 * @fn's facts @i and @j each in a critical section, with only an unlock
 * and a lock between (no call): the lock fact, else NULL. The facts do
 * not name a lock (its key is ""), so an unlock of one lock and a lock of
 * another pass too: taken for LKMM's po-unlock-lock-po of one lock.
 */
const struct fact *order_unlock_lock(const struct fact_fn *fn, unsigned i,
				     unsigned j);

/* What a fence fact orders (VO_*); smp_mb__{before,after}_atomic() full. */
unsigned order_fence_mask(const struct fact *f);

static inline bool order_is_acquire(unsigned cls)
{
	return cls == OC_ACQ_LOAD || cls == OC_RMW_ACQ ||
	       cls == OC_RMW_ACQREL || cls == OC_RMW_FULL || cls == OC_RMW_SC;
}

static inline bool order_is_release(unsigned cls)
{
	return cls == OC_REL_STORE || cls == OC_PUBLISH || cls == OC_RMW_REL ||
	       cls == OC_RMW_ACQREL || cls == OC_RMW_FULL || cls == OC_RMW_SC;
}

/* Fact roles. */
static inline bool fact_reads(const struct fact *f)
{
	return f->op == FO_LOAD || f->op == FO_RMW;
}

static inline bool fact_writes(const struct fact *f)
{
	return f->op == FO_STORE || f->op == FO_RMW;
}

static inline bool fact_is_access(const struct fact *f)
{
	return fact_reads(f) || fact_writes(f);
}

#endif
