/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Callee summaries over the whole tree: for every function of a fact_set
 * (all the TUs the store holds), what a call of it can do to the order of
 * the caller's accesses around the call, computed bottom-up from its facts
 * and its callees' summaries.
 */
#ifndef ORDERCHECK_PAIRS_SUMMARY_H
#define ORDERCHECK_PAIRS_SUMMARY_H

#include <stdbool.h>

#include "facts.h"

/* The ordering a function gives first (at entry) or last (at exit). */
enum sum_order {
	SO_NONE,
	SO_FULL, /* smp_mb() or a fully ordered RMW */
	SO_RELEASE,
	SO_ACQUIRE,
	SO_FENCE, /* a fence of a partial kind: smp_wmb(), smp_rmb() */
	SO_LOCK,
	SO_UNLOCK,
};

struct fn_summary {
	const char *name; /* interned in the set: compared by address */
	unsigned mask; /* VO_*: what it orders across a call of it */
	const char *by; /* the fence or RMW that gives @mask ("smp_mb") */
	const char *by_in; /* the function that holds it: itself or a callee */
	char *what; /* "smp_mb() in foo()", for messages */
	enum sum_order entry, exit;
	/*
	 * Anything may happen: it takes a lock, recurses, or calls what we
	 * cannot see and whose name says it locks or waits.
	 */
	bool opaque;
	bool relevant; /* it accesses shared memory or orders at all */
	const char **keys; /* the shared keys it (or a callee) accesses */
	unsigned nkeys;
	bool many_keys; /* more than we keep: it may touch anything */
	/* internal */
	unsigned fn, nfn; /* its definitions, in the index */
	bool done, busy;
};

struct summaries;

struct summaries *summaries_new(const struct fact_set *s);
void summaries_free(struct summaries *m);

/*
 * The summary of the function @name (interned in the set), or NULL if the
 * tree does not define it. Computed on first use; a static of one name
 * in two files is one summary of both.
 */
const struct fn_summary *summary_of_name(const struct summaries *m,
					 const char *name);

/*
 * The functions of the set named @name (interned in the set), ascending,
 * at most @max of them in @out; returns how many there are in all.
 */
unsigned summary_functions(const struct summaries *m, const char *name,
			   unsigned *out, unsigned max);

/* The definition of @name to look through from function @caller. */
const struct fact_fn *summary_definition(const struct summaries *m,
					 const char *name,
					 const struct fact_fn *caller);

bool summary_touches(const struct fn_summary *s, const char *key);

/* @name (interned) allocates (vocabulary R_ALLOCATES), asked once. */
bool summary_allocates(const struct summaries *m, const char *name);
/* A logging call (R_LOGS): its insides order nothing for its caller. */
bool summary_logs(const struct summaries *m, const char *name);

/*
 * @name (interned), which the tree may not define, says it locks, waits,
 * wakes or orders: a call of it may be what orders.
 */
bool summary_may_order(const struct summaries *m, const char *name);

enum call_effect {
	CALL_TRANSPARENT, /* cannot order or touch them: look past it */
	CALL_ORDERS, /* it orders them */
	CALL_UNKNOWN, /* we cannot tell */
};

/*
 * What the call @call does to two accesses of @k1 and @k2 around it that
 * need @need (VO_*). For CALL_ORDERS, *@what is "smp_mb() in foo()".
 */
enum call_effect summary_call_effect(const struct summaries *m,
				     const struct fact *call, unsigned need,
				     const char *k1, const char *k2,
				     const char **what);

#endif
