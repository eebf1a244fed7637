/* SPDX-License-Identifier: GPL-2.0 */
/* Whether one function orders two of its accesses, and by what. */
#ifndef ORDERCHECK_PAIRS_ORDER_H
#define ORDERCHECK_PAIRS_ORDER_H

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

/* Summaries of functions' barriers, for calls between two accesses. */
struct callee_index;
struct callee_index *callee_index_new(const struct fact_set *s);
void callee_index_free(struct callee_index *c);

/* How @fn orders its facts @i before @j (i < j) for @need (VO_*). */
struct ordering order_between(const struct fact_fn *fn, unsigned i, unsigned j,
			      unsigned need,
			      const struct callee_index *callees);

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
