// SPDX-License-Identifier: GPL-2.0
/*
 * Barriers next to atomics: fences that should be the cheaper helpers,
 * fences made redundant by their neighbour, and helpers that order nothing
 * where they stand. Semantics: Documentation/atomic_t.txt and
 * docs/ordering-semantics.md, "1.1 Linux kernel (LKMM)", "1.2 C11
 * atomics" and "6. Facts that change verdicts".
 */
#include <string.h>

#include "../vocab/spell.h"
#include "rule.h"

/* ---- what the neighbours are ---- */

/* smp_mb() and virt_mb(): the CPU-CPU full fence with helper twins */
static bool is_smp_mb(const struct event *e)
{
	return events_has_role(e, R_MB_HELPERS);
}

/*
 * Void RMWs and the _relaxed/_acquire/_release ones: not fully ordered;
 * and a kernel-model dialect's seq_cst ones (QEMU's qatomic_*()), which do
 * not order relaxed accesses beside them on every host (atomics.rst).
 */
static bool is_unordered_rmw(const struct event *e)
{
	return events_is_lkmm_rmw(e) && !(e->flags & F_COND) &&
	       (e->cls == OC_RMW_RLX || e->cls == OC_RMW_ACQ ||
		e->cls == OC_RMW_REL || e->cls == OC_RMW_SC);
}

/* Fully ordered whether or not it "succeeds" (not cmpxchg, add_unless). */
static bool is_full_rmw(const struct event *e)
{
	return e && e->type == EV_ACCESS && e->kind == K_RMW &&
	       e->cls == OC_RMW_FULL && !(e->flags & F_COND) &&
	       !(e->flags & F_LOCAL_CPU);
}

static const char *rmw_word(const struct event *e)
{
	if (!(e->flags & F_RET))
		return e->cls == OC_RMW_SC ? "void seq_cst" : "void";
	return e->cls == OC_RMW_RLX ? "relaxed" :
	       e->cls == OC_RMW_ACQ ? "acquire-only" :
	       e->cls == OC_RMW_SC  ? "seq_cst" :
				      "release-only";
}

/*
 * The helper twin of smp_mb()/virt_mb(): "smp_mb__after_atomic()"; in
 * a dialect with one per RMW, that of @rmw: "cmm_smp_mb__after_uatomic_inc()"
 */
static void helper_name(char *buf, size_t n, const struct event *mb,
			const struct event *rmw, const char *side)
{
	if (!spell_mb_helper(rmw->prim->dialect, side, rmw->prim->name, buf, n))
		snprintf(buf, n, "%s__%s_atomic()", mb->prim->name, side);
}

/* A comment saying the RMW the helper upgrades is elsewhere. */
static const char *const caller_words[] = { "rely on", "relies on", "caller" };

static const char *describe(const struct event *e, char *buf, size_t n)
{
	switch (e->type) {
	case EV_CALL:
		snprintf(buf, n, "a call of '%s()'", e->name);
		break;
	case EV_BRANCH:
		snprintf(buf, n, "a branch ('%s')", e->name);
		break;
	case EV_LOOP:
		snprintf(buf, n, "a loop ('%s')", e->name);
		break;
	case EV_JUMP:
		snprintf(buf, n, "a '%s'", e->name);
		break;
	case EV_LABEL:
		snprintf(buf, n, "a label");
		break;
	case EV_ACCESS:
		if (e->prim)
			snprintf(buf, n, "'%s()'", e->name);
		else
			snprintf(buf, n, "a %s", e->name);
		break;
	default:
		snprintf(buf, n, "'%s()'", e->name ? e->name : "?");
		break;
	}
	return buf;
}

struct scan {
	struct rule_ctx *ctx;
	const struct rule *self;
	const struct function_ir *fn;
};

/* ---- mb-after-atomic, mb-before-atomic ---- */

static void mb_beside_rmw(const struct evlist *l, void *arg, bool after)
{
	struct scan *s = arg;
	unsigned i;
	const struct event *e, *rmw, *via;
	struct oc_diag *d;
	char helper[64];

	evlist_for_each(l, i, e) {
		if (!is_smp_mb(e))
			continue;
		via = after ? events_prev(l, i) : events_next(l, i);
		rmw = events_through_call(via, after);
		if (!is_unordered_rmw(rmw))
			continue;
		helper_name(helper, sizeof(helper), e, rmw,
			    after ? "after" : "before");
		d = rule_report(s->ctx, s->self, s->fn, e,
				"%s() directly %s a %s atomic; use %s", e->name,
				after ? "after" : "before", rmw_word(rmw),
				helper);
		if (via != rmw)
			rule_note(d, via, "'%s()' %s with '%s()'", via->name,
				  after ? "ends" : "starts", rmw->name);
		rule_note(d, rmw,
			  "'%s()' is unordered; %s upgrades it to "
			  "full ordering and is free where the RMW already is "
			  "(x86)",
			  rmw->name, helper);
		if (e->fixable && s->self->fix == FIX_SAFE)
			rule_fix_replace(s->ctx, d, e, helper);
	}
}

static void after_list(const struct evlist *l, void *arg)
{
	mb_beside_rmw(l, arg, true);
}

static void before_list(const struct evlist *l, void *arg)
{
	mb_beside_rmw(l, arg, false);
}

static void check_mb_after_atomic(struct rule_ctx *ctx, const struct rule *self,
				  const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	events_for_each_list(fn, after_list, &s);
}

static void check_mb_before_atomic(struct rule_ctx *ctx,
				   const struct rule *self,
				   const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	events_for_each_list(fn, before_list, &s);
}

/* ---- mb-redundant-ordered-rmw ---- */

/* The fences a fully ordered RMW of the same dialect already implies. */
static bool is_full_cpu_fence(const struct event *e)
{
	return events_has_role(e, R_RMW_IMPLIED);
}

static void redundant_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	unsigned i;
	const struct event *e, *rmw;
	struct oc_diag *d;
	bool after;

	evlist_for_each(l, i, e) {
		if (!is_full_cpu_fence(e))
			continue;
		rmw = events_through_call(events_prev(l, i), true);
		after = is_full_rmw(rmw);
		if (!after) {
			rmw = events_through_call(events_next(l, i), false);
			if (!is_full_rmw(rmw))
				continue;
		}
		d = rule_report(s->ctx, s->self, s->fn, e,
				"%s() directly %s '%s()', which is fully "
				"ordered; the barrier is redundant",
				e->name, after ? "after" : "before", rmw->name);
		/* a kernel RMW is fully ordered because it returns a value;
		 * DPDK's rte_atomic32_inc() is, and returns nothing */
		rule_note(d, rmw,
			  (rmw->flags & F_BITOP_V6) ?
				  "'%s()' is fully ordered, even when the bit "
				  "was already in that state, since v6.0 "
				  "(--old-bitops for older trees)" :
			  (rmw->flags & F_RET) ?
				  "'%s()' returns a value and is fully ordered "
				  "(Documentation/atomic_t.txt)" :
				  "'%s()' is fully ordered "
				  "(Documentation/atomic_t.txt)",
			  rmw->name);
	}
}

static void check_mb_redundant_ordered_rmw(struct rule_ctx *ctx,
					   const struct rule *self,
					   const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	events_for_each_list(fn, redundant_list, &s);
}

/* ---- store-then-mb ---- */

static void store_mb_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	unsigned i;
	const struct event *e, *st;
	struct oc_diag *d;

	evlist_for_each(l, i, e) {
		/* the two halves of smp_store_mb(): smp_mb() after WRITE_ONCE() */
		if (e->type != EV_FENCE || !events_has_role(e, R_STORE_MB))
			continue;
		st = events_prev(l, i);
		if (!st || st->type != EV_ACCESS ||
		    !events_has_role(st, R_STORE_MB))
			continue;
		d = rule_report(s->ctx, s->self, s->fn, st,
				"WRITE_ONCE() directly followed by smp_mb(); "
				"use smp_store_mb(%s)",
				st->args);
		rule_note(d, e,
			  "the full barrier is here; smp_store_mb() is "
			  "one xchg on x86");
		if (st->fixable && e->fixable &&
		    st->span.file == e->span.file && s->self->fix == FIX_SAFE) {
			char text[512];

			if ((size_t)snprintf(text, sizeof(text),
					     "smp_store_mb(%s)",
					     st->args) < sizeof(text)) {
				rule_fix_replace(s->ctx, d, st, text);
				rule_fix_remove_stmt(s->ctx, d, e);
			}
		}
	}
}

static void check_store_then_mb(struct rule_ctx *ctx, const struct rule *self,
				const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	events_for_each_list(fn, store_mb_list, &s);
}

/* ---- atomic-barrier-misuse ---- */

/*
 * Where the RMW a helper upgrades is. In the LKMM the helpers order
 * through any po-earlier (after) or po-later (before) RMW
 * (fencerel(After-atomic) in linux-kernel.cat), so "orders nothing" is
 * only true when there is none in that direction; and what lies between
 * the helper and its RMW is not ordered by it.
 */
enum found {
	FOUND_NONE,
	FOUND_RMW,
	FOUND_UNKNOWN, /* a call we cannot see into, a label */
};

struct search {
	const struct event *rmw; /* the RMW, or what holds it */
	const struct event *between; /* first access passed on the way */
	bool straight; /* only accesses passed, all in the helper's list */
};

static enum found scan_deep(const struct evlist *l)
{
	unsigned i, j;
	const struct event *e;
	enum found f, r = FOUND_NONE;

	evlist_for_each(l, i, e) {
		if (events_is_lkmm_rmw(e) ||
		    (e->type == EV_CALL && e->callee_rmw))
			return FOUND_RMW;
		if ((e->type == EV_CALL && !e->callee_known && !e->prim) ||
		    e->type == EV_LABEL)
			r = FOUND_UNKNOWN;
		for (j = 0; j < e->nlegs; j++) {
			f = scan_deep(&e->legs[j]);
			if (f == FOUND_RMW)
				return f;
			if (f == FOUND_UNKNOWN)
				r = f;
		}
	}
	return r;
}

static enum found find_rmw(const struct function_ir *fn, const struct evlist *l,
			   unsigned i, int dir, struct search *s)
{
	const struct event *e, *parent;
	long j;
	unsigned k;
	enum found f;

	s->straight = true;
	s->between = NULL;
	for (;;) {
		for (j = (long)i + dir; j >= 0 && j < (long)l->n; j += dir) {
			e = l->v[j];
			if (events_is_lkmm_rmw(e)) {
				s->rmw = e;
				return FOUND_RMW;
			}
			if (e->type == EV_ACCESS) {
				if (!s->between)
					s->between = e;
				continue;
			}
			s->straight = false;
			if (e->type == EV_CALL && e->callee_rmw) {
				s->rmw = e;
				return FOUND_RMW;
			}
			if ((e->type == EV_CALL && !e->callee_known &&
			     !e->prim) ||
			    e->type == EV_LABEL)
				return FOUND_UNKNOWN;
			for (k = 0; k < e->nlegs; k++) {
				f = scan_deep(&e->legs[k]);
				if (f != FOUND_NONE) {
					s->rmw = e;
					return f;
				}
			}
		}
		/* out of this block: on into the one around it */
		s->straight = false;
		parent = l->n ? l->v[0]->parent : NULL;
		if (!parent)
			return FOUND_NONE;
		/* a loop's earlier or later iterations run its body again */
		if (parent->type == EV_LOOP) {
			f = scan_deep(&parent->legs[0]);
			if (f != FOUND_NONE) {
				s->rmw = parent;
				return f;
			}
		}
		l = events_list_of(fn, parent, &i);
		if (!l)
			return FOUND_NONE;
	}
}

static void misuse_helper(struct scan *s, const struct evlist *l, unsigned i,
			  const struct event *e, bool after)
{
	const struct event *via = after ? events_prev(l, i) : events_next(l, i);
	const struct event *n = events_through_call(via, after);
	const char *where = after ? "after" : "before";
	struct search found = { 0 };
	struct oc_diag *d;
	char what[128];

	if (is_unordered_rmw(n))
		return;
	if (events_is_lkmm_rmw(n) && (n->flags & F_COND)) {
		d = rule_report(s->ctx, s->self, s->fn, e,
				"%s() %s '%s()', a conditional RMW: redundant "
				"when it succeeds, and it orders nothing when "
				"it fails",
				e->name, where, n->name);
		rule_note(d, n, "'%s()' is here", n->name);
		return;
	}
	if (events_is_lkmm_rmw(n) && n->cls == OC_RMW_FULL) {
		d = rule_report(s->ctx, s->self, s->fn, e,
				"%s() %s '%s()', which is already fully "
				"ordered; the barrier is redundant",
				e->name, where, n->name);
		rule_note(d, n, "'%s()' returns a value and is fully ordered",
			  n->name);
		return;
	}
	/* a cmpxchg retry loop leaves only when the RMW succeeded */
	if (via && via->type == EV_LOOP && after && via->legs[0].n &&
	    events_is_lkmm_rmw(via->legs[0].v[via->legs[0].n - 1]))
		return;
	switch (find_rmw(s->fn, l, i, after ? -1 : 1, &found)) {
	case FOUND_UNKNOWN:
		return;
	case FOUND_RMW:
		if (!found.straight || !found.between)
			return;
		d = rule_report(s->ctx, s->self, s->fn, e,
				"%s between '%s()' and %s() is not ordered by "
				"it; put %s() directly %s the RMW",
				describe(found.between, what, sizeof(what)),
				found.rmw->name, e->name, e->name, where);
		rule_note(d, found.rmw, "the RMW it upgrades is '%s()'",
			  found.rmw->name);
		return;
	case FOUND_NONE:
		break;
	}
	/*
	 * The LKMM orders any RMW before smp_mb__after_atomic() in program
	 * order, even one in the caller; code that relies on that says so
	 * ("rely on refcount_sub from sock_wfree()", net/core/sock.c).
	 */
	if (rule_comment_mentions(s->ctx, e, 2, caller_words,
				  sizeof(caller_words) /
					  sizeof(caller_words[0])))
		return;
	if (n && n->type == EV_ACCESS) {
		d = rule_report(s->ctx, s->self, s->fn, e,
				"%s() %s %s, which is not an atomic "
				"read-modify-write, and no RMW comes %s it; it "
				"orders nothing here (and is no barrier at all "
				"on x86); use smp_mb()",
				e->name, where, describe(n, what, sizeof(what)),
				after ? "before" : "after");
		if (via != n)
			rule_note(d, via, "'%s()' %s with %s", via->name,
				  after ? "ends" : "starts", what);
		rule_note(d, n, "%s is here", what);
		return;
	}
	d = rule_report(
		s->ctx, s->self, s->fn, e,
		"%s() with no atomic read-modify-write %s it in '%s()'; "
		"it orders nothing here; use smp_mb()",
		e->name, after ? "before" : "after", s->fn->name);
	if (n)
		rule_note(d, n, "%s comes %s it and does no atomic RMW",
			  describe(n, what, sizeof(what)),
			  after ? "before" : "after");
}

/* C11/GNU: orders that are not valid for the operation (C11 7.17.7). */
static const char *invalid_order(const struct event *e)
{
	if (e->order == MO_UNKNOWN)
		return NULL;
	switch (e->kind) {
	case K_LOAD:
		if (e->order == MO_RELEASE || e->order == MO_ACQ_REL)
			return "is not valid for a load";
		break;
	case K_STORE:
		if (e->order == MO_CONSUME || e->order == MO_ACQUIRE ||
		    e->order == MO_ACQ_REL)
			return "is not valid for a store";
		break;
	case K_RMW:
		if (e->order_fail == MO_RELEASE || e->order_fail == MO_ACQ_REL)
			return "is not valid as the failure order";
		break;
	default:
		break;
	}
	return NULL;
}

static void misuse_c11(struct scan *s, const struct event *e)
{
	const char *why;
	struct oc_diag *d;

	if (e->type == EV_FENCE && e->kind == K_FENCE && e->prim &&
	    e->prim->model == M_C11 && !(e->flags & F_SIGNAL) &&
	    e->order == MO_RELAXED) {
		rule_report(s->ctx, s->self, s->fn, e,
			    "%s(memory_order_relaxed) orders nothing; use "
			    "the order the code relies on, or remove it",
			    e->name);
		return;
	}
	if (e->type != EV_ACCESS || !e->prim || e->prim->model == M_LKMM)
		return;
	why = invalid_order(e);
	if (why) {
		int mo = e->kind == K_RMW ? e->order_fail : e->order;

		d = rule_report(s->ctx, s->self, s->fn, e,
				"%s %s of '%s()'; compilers treat it as "
				"memory_order_seq_cst or reject it",
				vocab_order_name(mo), why, e->name);
		(void)d;
	}
}

static void misuse_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	unsigned i;
	const struct event *e;

	evlist_for_each(l, i, e) {
		if (e->type == EV_MODIFIER && !(e->flags & F_LOCK_MOD))
			misuse_helper(s, l, i, e, e->cls == OC_MOD_AFTER);
		else
			misuse_c11(s, e);
	}
}

static void check_atomic_barrier_misuse(struct rule_ctx *ctx,
					const struct rule *self,
					const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	events_for_each_list(fn, misuse_list, &s);
}

/* ---- duplicate-fence ---- */

static bool is_plain_fence(const struct event *e)
{
	return e && e->type != EV_ACCESS && e->prim &&
	       e->prim->kind == K_FENCE &&
	       !(e->flags & (F_SIDE | F_WAKE | F_SIGNAL | F_CTRL_DEP)) &&
	       vocab_fence_mask(e->cls, e->flags);
}

static void dup_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	unsigned i;
	const struct event *e, *n, *weak, *strong;
	unsigned me, mn;
	struct oc_diag *d;

	evlist_for_each(l, i, e) {
		n = events_next(l, i);
		if (!is_plain_fence(e) || !is_plain_fence(n))
			continue;
		/* mb(); mb(); is hardware timing ("magic", arch/alpha), not
		 * ordering: the same mandatory barrier twice is left alone */
		if ((e->flags & F_MANDATORY) && !strcmp(e->name, n->name))
			continue;
		me = vocab_fence_mask(e->cls, e->flags);
		mn = vocab_fence_mask(n->cls, n->flags);
		if ((me & mn) == me) {
			weak = e;
			strong = n;
		} else if ((me & mn) == mn) {
			weak = n;
			strong = e;
		} else {
			continue;
		}
		d = rule_report(s->ctx, s->self, s->fn, weak,
				"%s() next to %s(), which orders everything it "
				"does; remove it",
				weak->name, strong->name);
		rule_note(d, strong, "%s() is here", strong->name);
		if (weak->fixable && s->self->fix == FIX_SAFE)
			rule_fix_remove_stmt(s->ctx, d, weak);
	}
}

static void check_duplicate_fence(struct rule_ctx *ctx, const struct rule *self,
				  const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	events_for_each_list(fn, dup_list, &s);
}

static const struct rule atomics_rules[] = {
	{ "mb-after-atomic", SEV_WARNING, FIX_SAFE,
	  ON_FUNCTION(check_mb_after_atomic),
	  "`smp_mb()` directly after a void or relaxed RMW: use "
	  "`smp_mb__after_atomic()`" },
	{ "mb-before-atomic", SEV_WARNING, FIX_SAFE,
	  ON_FUNCTION(check_mb_before_atomic),
	  "`smp_mb()` directly before a void or relaxed RMW: use "
	  "`smp_mb__before_atomic()`" },
	{ "mb-redundant-ordered-rmw", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION(check_mb_redundant_ordered_rmw),
	  "`smp_mb()` next to a fully ordered, unconditional, value-returning "
	  "RMW is redundant" },
	{ "store-then-mb", SEV_WARNING, FIX_SAFE,
	  ON_FUNCTION(check_store_then_mb),
	  "`WRITE_ONCE(x, v); smp_mb();` is `smp_store_mb(x, v)`" },
	{ "atomic-barrier-misuse", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION(check_atomic_barrier_misuse),
	  "`smp_mb__before/after_atomic()` where there is no void RMW next to "
	  "it; invalid C11/GNU memory orders, relaxed fences (the C11/GNU "
	  "part: checker only)" },
	{ "duplicate-fence", SEV_WARNING, FIX_SAFE,
	  ON_FUNCTION(check_duplicate_fence),
	  "two fences with nothing between them: the weaker is redundant" },
};

const struct rule_family family_atomics = {
	"barriers next to atomics",
	atomics_rules,
	sizeof(atomics_rules) / sizeof(atomics_rules[0]),
};
