// SPDX-License-Identifier: GPL-2.0
/*
 * Barriers beside a call (neighbours.h). The facts say what stands right
 * beside a fence in its block (facts.h, FN_*); a callee's edge is its
 * first or last fact, which must run on every path: at the top of its
 * body (in no branch leg: a leg, or an early return, which facts.c turns
 * into one, is a path without it), not on the right of && or ||
 * (FN_MAYBE), not in a loop, which may run no time (FN_LOOP), with no
 * access the facts leave out beyond it (FN_UNSEEN_*: rcu_seq_start()
 * stores *sp before its smp_mb()). It must be
 * fully ordered whatever it returns: a value-returning RMW or a full
 * fence (Documentation/atomic_t.txt: "as if smp_mb() were placed
 * immediately before and after it"). A call there is followed into its
 * callee, EDGE_DEPTH calls deep at most.
 *
 * The set is the pairing pass's, with small callees inlined (inline.c):
 * a call may stand as its callee's facts, which say so in their via.
 */
#include "neighbours.h"

#include "../vocab/vocab.h"
#include "summary.h"

enum { EDGE_DEPTH = 4 }; /* how many calls deep an edge is followed */

/*
 * Fully ordered on every outcome, on the CPU: not a conditional or
 * CPU-local RMW, not a barrier only when it wakes someone or as a side
 * effect, not a C11 fence or RMW (seq_cst is no full fence: ordering
 * semantics, section 6). A modifier's neighbour must be the RMW itself.
 */
static bool fully_ordered(const struct fact *x, bool rmw_only)
{
	if (x->flags & FA_C11)
		return false;
	if (x->op == FO_RMW)
		return x->cls == OC_RMW_FULL &&
		       !(x->flags & (F_COND | F_LOCAL_CPU));
	return !rmw_only && x->op == FO_FENCE && x->cls == OC_FENCE_FULL &&
	       !(x->flags & (F_WAKE | F_SIDE | F_SIGNAL | F_CTRL_DEP | F_DMA |
			     F_LOCK_MOD));
}

/* The function called at fact @k of @f, own or inlined; or NULL. */
static const char *called_at(const struct fact_fn *f, unsigned k)
{
	if (f->via && f->via[k].depth)
		return f->via[k].through;
	return f->v[k].op == FO_CALL ? f->v[k].name : NULL;
}

/*
 * The fully ordered fact that @name, called from @caller, ends (@last)
 * or begins with on every path, into @n; false if none.
 */
static bool edge_of(const struct summaries *m, const char *name,
		    const struct fact_fn *caller, bool last, bool rmw_only,
		    unsigned depth, struct fence_neighbour *n)
{
	const struct fact_fn *d = summary_definition(m, name, caller);
	const struct fact *x;
	unsigned k;

	if (!d || !d->n || depth >= EDGE_DEPTH)
		return false;
	k = last ? d->n - 1 : 0;
	x = &d->v[k];
	if (x->leg >= 0 || (x->near & (FN_MAYBE | FN_LOOP)) ||
	    (x->near & (last ? FN_UNSEEN_AFTER : FN_UNSEEN_BEFORE)))
		return false;
	if (x->op == FO_CALL)
		return edge_of(m, x->name, d, last, rmw_only, depth + 1, n);
	if (!fully_ordered(x, rmw_only))
		return false;
	n->edge = x;
	if (d->via && d->via[k].depth) {
		n->edge_in = d->via[k].callee;
		n->edge_file = d->via[k].file;
		n->edge_line = d->via[k].line;
		n->edge_col = d->via[k].col;
	} else {
		n->edge_in = d->name;
		n->edge_file = x->file;
		n->edge_line = x->line;
		n->edge_col = x->col;
	}
	return true;
}

/* The barriers the pass looks at, and which neighbours each may have. */
static unsigned wanted(const struct fact *x)
{
	if (x->op != FO_FENCE || !x->near || (x->flags & FA_C11))
		return 0;
	if (x->cls == OC_MOD_BEFORE && !(x->flags & F_LOCK_MOD))
		return FN_BEFORE_CALL;
	if (x->cls == OC_MOD_AFTER && !(x->flags & F_LOCK_MOD))
		return FN_AFTER_CALL;
	/* smp_mb(), virt_mb(): not mb(), which orders MMIO too */
	if (x->cls == OC_FENCE_FULL &&
	    !(x->flags &
	      (F_MANDATORY | F_DMA | F_WAKE | F_SIDE | F_SIGNAL | F_CTRL_DEP)))
		return FN_AFTER_CALL | FN_BEFORE_CALL;
	return 0;
}

static void look(const struct summaries *m, const struct fact_set *set,
		 unsigned fn, unsigned at,
		 void (*cb)(const struct pair_candidate *c, void *arg),
		 void *arg)
{
	const struct fact_fn *f = &set->fns[fn];
	const struct fact *x = &f->v[at];
	unsigned want = wanted(x) & x->near;
	bool rmw_only = x->cls != OC_FENCE_FULL;
	struct fence_neighbour n = {
		fn, at, true, NULL, NULL, NULL, NULL, 0, 0
	};
	struct pair_candidate c = { .shape = SHAPE_NEIGHBOUR,
				    .set = set,
				    .neighbour = &n };

	if ((want & FN_AFTER_CALL) && at > 0 &&
	    (n.callee = called_at(f, at - 1)) &&
	    edge_of(m, n.callee, f, true, rmw_only, 0, &n)) {
		cb(&c, arg);
		return;
	}
	n.after = false;
	if ((want & FN_BEFORE_CALL) && at + 1 < f->n &&
	    (n.callee = called_at(f, at + 1)) &&
	    edge_of(m, n.callee, f, false, rmw_only, 0, &n))
		cb(&c, arg);
}

void neighbours_find(const struct fact_set *set,
		     void (*fn)(const struct pair_candidate *c, void *arg),
		     void *arg)
{
	struct summaries *m = NULL;
	unsigned i, k;

	for (i = 0; i < set->nfns; i++) {
		const struct fact_fn *f = &set->fns[i];

		for (k = 0; k < f->n; k++) {
			/* a callee's fence inlined here is the callee's */
			if (!wanted(&f->v[k]) || (f->via && f->via[k].depth))
				continue;
			if (!m)
				m = summaries_new(set);
			look(m, set, i, k, fn, arg);
		}
	}
	summaries_free(m);
}
