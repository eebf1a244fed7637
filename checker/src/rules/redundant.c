// SPDX-License-Identifier: GPL-2.0
/*
 * Redundant barriers: a barrier next to something that already orders
 * what it orders (a primitive, a call of this TU, a spinlock's unlock and
 * lock), beyond the fully ordered RMWs and fence pairs that the atomics
 * family reports; and, over the whole tree, a barrier beside a call of a
 * function of another file that ends (begins) with a fully ordered
 * operation (../pairs/neighbours.h).
 */
#include <stdio.h>
#include <string.h>

#include "../pairs/neighbours.h"
#include "registry.h"
#include "rule.h"

/* smp_mb(), virt_mb(): the CPU-CPU full fence (not mb(), which does MMIO) */
static bool is_full_cpu_fence(const struct event *e)
{
	return e && e->type == EV_FENCE && events_has_role(e, R_RMW_IMPLIED) &&
	       !(e->flags & F_MANDATORY);
}

/* A fence that orders as smp_mb() does, nothing more nor less. */
static bool plain_full_fence(const struct event *e)
{
	return e && e->type == EV_FENCE && e->cls == OC_FENCE_FULL &&
	       !(e->flags & (F_WAKE | F_SIDE | F_MANDATORY | F_DMA));
}

/*
 * What @e ends with (@last) or begins with that is a full barrier, or
 * NULL: a store whose own barrier comes after it (smp_store_mb(),
 * set_current_state(), prepare_to_wait()), a load whose barrier comes
 * before it (wq_has_sleeper()), or a callee's first or last smp_mb().
 * A fully ordered RMW is mb-redundant-ordered-rmw's, a fence right next
 * to the fence duplicate-fence's.
 */
static const struct event *full_at_edge(const struct event *e, bool last)
{
	const struct event *t = events_through_call(e, last);

	if (!t)
		return NULL;
	if (t->prim && t->type == EV_ACCESS) {
		/* clear_and_wake_up_bit(): its fence is not its last event */
		if (last && (t->prim->flags & F_FULL_AFTER) &&
		    t->prim->kind == K_STORE)
			return t;
		if (!last && (t->prim->flags & F_FULL_BEFORE))
			return t;
		return NULL;
	}
	return t != e && plain_full_fence(t) ? t : NULL;
}

/*
 * smp_wmb(), smp_rmb() and the virt_ twins: a kernel-model SMP fence that
 * orders only some pairs (not mb(), dma_*mb(), nor a C11 fence).
 */
static bool partial_fence(const struct event *e)
{
	return e && e->type == EV_FENCE && e->prim &&
	       e->prim->model == M_LKMM && e->prim->kind == K_FENCE &&
	       (e->cls == OC_FENCE_W || e->cls == OC_FENCE_R) &&
	       !(e->flags & (F_MANDATORY | F_DMA | F_SIDE | F_WAKE | F_SIGNAL |
			     F_CTRL_DEP));
}

/* A fence that orders every pair @e orders, on the CPU (not as a side
 * effect, nor only when it wakes someone). */
static bool fence_covers(const struct event *t, const struct event *e)
{
	unsigned me, mt;

	if (!t || t->type != EV_FENCE || !t->prim ||
	    (t->flags & (F_SIDE | F_WAKE | F_SIGNAL | F_CTRL_DEP | F_DMA)))
		return false;
	me = vocab_fence_mask(e->cls, e->flags) & ~VO_COMPILER;
	mt = vocab_fence_mask(t->cls, t->flags);
	return me && (me & mt) == me;
}

/* Fully ordered whatever it returns (not cmpxchg(), add_unless()). */
static bool full_rmw(const struct event *e)
{
	return e && e->type == EV_ACCESS && e->kind == K_RMW &&
	       e->cls == OC_RMW_FULL && !(e->flags & (F_COND | F_LOCAL_CPU));
}

/*
 * What a call or primitive @e next to the partial fence @f ends (@last)
 * or begins with that orders all @f orders: a fence of a callee, a fully
 * ordered RMW (atomic_t.txt: as if smp_mb() were on both sides of it), or
 * what full_at_edge() finds. A fence right next to @f is
 * duplicate-fence's.
 */
static const struct event *covers_at_edge(const struct event *e,
					  const struct event *f, bool last)
{
	const struct event *t = events_through_call(e, last);

	if (!t)
		return NULL;
	if (t != e && fence_covers(t, f))
		return t;
	if (full_rmw(t))
		return t;
	return full_at_edge(e, last);
}

/* A spinlock operation the LKMM models: spin_unlock() (@lock false) or a
 * spin_lock() that cannot fail. */
static bool lkmm_lock(const struct event *e, bool lock)
{
	return e && e->type == EV_LOCK && events_has_role(e, R_LKMM_LOCK) &&
	       e->kind == (lock ? K_LOCK : K_UNLOCK) && !(e->flags & F_COND);
}

/*
 * A call of a function of this TU that makes no event at all: no access
 * to anything but its locals, no fence, no lock, no call of what we
 * cannot see. Two fences around it have nothing between them.
 */
static bool list_is_empty_of_order(const struct evlist *l, unsigned depth)
{
	unsigned i, j;
	const struct event *e;

	evlist_for_each(l, i, e) {
		if (e->type == EV_JUMP && !strcmp(e->name, "return"))
			continue;
		if (e->type == EV_CALL && !e->prim && e->callee_known &&
		    e->callee_body && depth < 3 &&
		    list_is_empty_of_order(e->callee_body, depth + 1))
			continue;
		if ((e->type == EV_BRANCH || e->type == EV_LOOP) && !e->ndeps) {
			for (j = 0; j < e->nlegs; j++)
				if (!list_is_empty_of_order(&e->legs[j], depth))
					return false;
			continue;
		}
		return false;
	}
	return true;
}

static bool transparent_call(const struct event *e)
{
	return e && e->type == EV_CALL && !e->prim && e->callee_known &&
	       e->callee_body && list_is_empty_of_order(e->callee_body, 0);
}

/* smp_mb(), smp_wmb(), smp_rmb(), virt_*(): what may stand around a call */
static bool smp_fence(const struct event *e)
{
	return is_full_cpu_fence(e) || partial_fence(e);
}

struct red_arg {
	struct rule_ctx *ctx;
	const struct rule *self;
	const struct function_ir *fn;
};

/* The note that says where the barrier that makes @e redundant is. */
static void note_edge(struct oc_diag *d, const struct event *via,
		      const struct event *t, bool last)
{
	if (via != t)
		rule_note(d, t, "'%s()' at the %s of '%s()'", t->name,
			  last ? "end" : "start", via->name);
	else if (full_rmw(t))
		rule_note(d, t,
			  "'%s()' returns a value and is fully ordered "
			  "(Documentation/atomic_t.txt)",
			  t->name);
	else
		rule_note(d, t, "the full barrier of '%s()'", t->name);
}

/* smp_wmb()/smp_rmb() between spin_unlock() and spin_lock() */
static bool report_unlock_lock(struct red_arg *ra, const struct evlist *l,
			       unsigned i, const struct event *e)
{
	const struct event *p = events_prev(l, i), *n = events_next(l, i);
	const struct event *ul = events_through_call(p, true);
	const struct event *lk = events_through_call(n, false);
	struct oc_diag *d;

	if (!lkmm_lock(ul, false) || !lkmm_lock(lk, true))
		return false;
	d = rule_report(ra->ctx, ra->self, ra->fn, e,
			"%s() directly between '%s()' and '%s()': an unlock "
			"followed by a lock on one CPU already orders %s "
			"(LKMM, po-unlock-lock-po); the barrier is redundant",
			e->name, p->name, n->name,
			e->cls == OC_FENCE_W ? "the stores before it against "
					       "the stores after it" :
					       "the loads before it against "
					       "the loads after it");
	if (ul != p)
		rule_note(d, ul, "'%s()' at the end of '%s()'", ul->name,
			  p->name);
	else
		rule_note(d, ul, "the unlock is here");
	if (lk != n)
		rule_note(d, lk, "'%s()' at the start of '%s()'", lk->name,
			  n->name);
	else
		rule_note(d, lk, "the lock is here");
	return true;
}

/* fences on both sides of a call that makes no event: one is redundant */
static bool report_around_call(struct red_arg *ra, const struct evlist *l,
			       unsigned i, const struct event *e)
{
	const struct event *c = events_prev(l, i), *f0 = NULL;
	unsigned j;
	struct oc_diag *d;

	if (!transparent_call(c))
		return false;
	for (j = 0; j < l->n; j++)
		if (l->v[j] == c)
			break;
	if (j == l->n)
		return false;
	f0 = events_prev(l, j);
	if (!smp_fence(f0))
		return false;
	/* the weaker one, or the second when they are the same */
	if (fence_covers(f0, e)) {
		d = rule_report(ra->ctx, ra->self, ra->fn, e,
				"%s() after '%s()', which accesses no shared "
				"memory, right after %s(); the barrier is "
				"redundant",
				e->name, c->name, f0->name);
		rule_note(d, f0, "'%s()' here orders everything it does",
			  f0->name);
	} else if (fence_covers(e, f0)) {
		d = rule_report(ra->ctx, ra->self, ra->fn, f0,
				"%s() before '%s()', which accesses no shared "
				"memory, right before %s(); the barrier is "
				"redundant",
				f0->name, c->name, e->name);
		rule_note(d, e, "'%s()' here orders everything it does",
			  e->name);
	} else {
		return false;
	}
	return true;
}

static void check_list_redundant(const struct evlist *l, void *arg)
{
	struct red_arg *ra = arg;
	const struct event *e, *nb, *t;
	unsigned i;
	bool after;

	evlist_for_each(l, i, e) {
		struct oc_diag *d;
		bool full = is_full_cpu_fence(e);

		if (!full && !partial_fence(e))
			continue;
		if (!full && report_unlock_lock(ra, l, i, e))
			continue;
		if (report_around_call(ra, l, i, e))
			continue;
		nb = events_prev(l, i);
		t = !nb	 ? NULL :
		    full ? full_at_edge(nb, true) :
			   covers_at_edge(nb, e, true);
		after = t != NULL;
		if (!t) {
			nb = events_next(l, i);
			t = !nb	 ? NULL :
			    full ? full_at_edge(nb, false) :
				   covers_at_edge(nb, e, false);
		}
		if (!t)
			continue;
		if (nb != t)
			d = rule_report(
				ra->ctx, ra->self, ra->fn, e,
				"%s() directly %s '%s()', which %s with "
				"%s(); the barrier is redundant",
				e->name, after ? "after" : "before", nb->name,
				after ? "ends" : "begins", t->name);
		else if (full_rmw(t))
			d = rule_report(ra->ctx, ra->self, ra->fn, e,
					"%s() directly %s '%s()', which is "
					"fully ordered; the barrier is "
					"redundant",
					e->name, after ? "after" : "before",
					t->name);
		else
			d = rule_report(ra->ctx, ra->self, ra->fn, e,
					"%s() directly %s '%s()', which has a "
					"full barrier %s its access; the "
					"barrier is redundant",
					e->name, after ? "after" : "before",
					t->name, after ? "after" : "before");
		note_edge(d, nb, t, after);
		if (e->fixable && ra->self->fix == FIX_SAFE)
			rule_fix_remove_stmt(ra->ctx, d, e);
	}
}

static void check_redundant_barrier(struct rule_ctx *ctx,
				    const struct rule *self,
				    const struct function_ir *fn)
{
	struct red_arg a = { ctx, self, fn };

	events_for_each_list(fn, check_list_redundant, &a);
}

/*
 * The function rules that speak for a barrier beside what one TU sees of
 * its neighbour: a finding of theirs on the barrier's line is the same
 * redundancy, said where the callee is in view.
 */
static const char *const in_view[] = {
	"redundant-barrier",	 "mb-redundant-ordered-rmw",
	"atomic-barrier-misuse", "mb-after-atomic",
	"mb-before-atomic",	 "duplicate-fence",
};

static bool said_in_view(struct rule_tree_ctx *ctx, const struct fact *at)
{
	const struct rule *r;
	size_t i;

	for (i = 0; i < sizeof(in_view) / sizeof(in_view[0]); i++)
		if ((r = registry_find(in_view[i])) &&
		    rule_tree_reported_line(ctx, r, at))
			return true;
	return false;
}

/* A barrier beside a call of another file's function (neighbours.h). */
static void check_redundant_barrier_tree(struct rule_tree_ctx *ctx,
					 const struct rule *self,
					 const struct pair_candidate *c)
{
	const struct fence_neighbour *n = c->neighbour;
	const struct fact *e, *t;
	struct fact at;
	struct oc_diag *d;
	char pos[32];
	bool rmw;

	if (c->shape != SHAPE_NEIGHBOUR)
		return;
	e = &c->set->fns[n->fn].v[n->at];
	t = n->edge;
	rmw = t->op == FO_RMW;
	snprintf(pos, sizeof(pos), "%u:%u", e->line, e->col);
	if (said_in_view(ctx, e) ||
	    !rule_tree_first(ctx, self, n->fn, e->file, pos))
		return;
	d = rule_tree_report(
		ctx, self, n->fn, e,
		"%s() directly %s '%s()', which %s with %s()%s; the barrier "
		"is redundant",
		e->name, n->after ? "after" : "before", n->callee,
		n->after ? "ends" : "begins", t->name,
		e->cls == OC_FENCE_FULL ? " on every path" :
					  ", already fully ordered");
	/* the edge where it is written, in its callee's file */
	at = *t;
	at.file = n->edge_file;
	at.line = n->edge_line;
	at.col = n->edge_col;
	rule_tree_note(d, &at,
		       rmw ? "'%s()' at the %s of '%s()' returns a value and "
			     "is fully ordered (Documentation/atomic_t.txt)" :
			     "'%s()' at the %s of '%s()' is a full barrier",
		       t->name, n->after ? "end" : "start", n->edge_in);
}

static const struct rule redundant_rules[] = {
	{ "redundant-barrier", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION_AND_TREE(check_redundant_barrier,
			       check_redundant_barrier_tree),
	  "`smp_mb()` directly after a primitive or a call that ends with a "
	  "full barrier (`set_current_state()`, `smp_store_mb()`, "
	  "`prepare_to_wait()`), or before one that begins with one "
	  "(`wq_has_sleeper()`); `smp_wmb()`/`smp_rmb()` next to a call that "
	  "ends (begins) with a fence that orders as much or a fully ordered "
	  "RMW, or between `spin_unlock()` and `spin_lock()`; the same fence "
	  "on both sides of a call that accesses no shared memory; over the "
	  "tree, `smp_mb()` (`smp_mb__before/after_atomic()`) beside a call of "
	  "another file's function that ends (begins) on every path with a "
	  "fully ordered RMW or `smp_mb()`" },
};

const struct rule_family family_redundant = {
	"redundant barriers",
	redundant_rules,
	sizeof(redundant_rules) / sizeof(redundant_rules[0]),
};
