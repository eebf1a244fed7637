// SPDX-License-Identifier: GPL-2.0
/*
 * The pairing family: tree rules, each judging the candidates that the
 * pairing engine (../pairs/pairing.c) finds in the facts of the whole tree
 * after every file is checked.
 */
#include <stdio.h>
#include <string.h>

#include "../pairs/litmus.h"
#include "../pairs/pairing.h"
#include "../vocab.h"
#include "rule.h"

static const struct fact *first(const struct pair_candidate *c,
				const struct pair_side *e)
{
	return pairing_first(c->set, e);
}

static const struct fact *second(const struct pair_candidate *c,
				 const struct pair_side *e)
{
	return pairing_second(c->set, e);
}

static const char *fname(const struct pair_candidate *c,
			 const struct pair_side *e)
{
	return pairing_fn(c->set, e)->name;
}

/* "smp_wmb()", "the release smp_store_release()", ... for messages. */
static const char *how_text(const struct ordering *o, char *buf, size_t n)
{
	if (!o->by)
		snprintf(buf, n, "nothing");
	else if (o->by->op == FO_FENCE || o->by->op == FO_CALL)
		snprintf(buf, n, "%s()", o->by->name);
	else if (o->what && o->by->name[0])
		snprintf(buf, n, "%s (%s())", o->what, o->by->name);
	else
		snprintf(buf, n, "%s", o->what ? o->what : "?");
	return buf;
}

static void note_side(const struct pair_candidate *c, struct oc_diag *d,
		      const struct pair_side *e, const char *verb1,
		      const char *verb2)
{
	char k[128], h[128];

	rule_tree_note(d, first(c, e), "%s() %s '%s' here", fname(c, e), verb1,
		       litmus_key_text(e->k1, k, sizeof(k)));
	if (e->o.by && e->o.by != first(c, e) && e->o.by != second(c, e))
		rule_tree_note(d, e->o.by,
			       e->o.ord == ORD_YES ?
				       "ordered by %s here" :
				       "%s here, which does not order them",
			       how_text(&e->o, h, sizeof(h)));
	rule_tree_note(d, second(c, e), "then %s '%s' here", verb2,
		       litmus_key_text(e->k2, k, sizeof(k)));
}

/*
 * A side that shows it means to order: an explicit fence in the function
 * (not one a call, a wake-up or a value-returning RMW makes as a side
 * effect), an acquire read of the flag, a release store of it, or (for a
 * reader) a dependency. Only such a side makes the other side's lack of
 * order a finding: kernel code is full of refcounts and bit flags whose
 * RMWs order incidentally.
 */
static bool intends(const struct pair_candidate *c, const struct pair_side *e)
{
	const struct fact *by = e->o.by;

	if (e->o.ord != ORD_YES || !by)
		return false;
	/* a sleeper's barrier orders its queue entry against its condition
	 * (store buffering with the waker), "not ... multiple stores before
	 * the wake-up" (memory-barriers.txt, SLEEP AND WAKE-UP FUNCTIONS) */
	if (by->op == FO_FENCE)
		return !(by->flags & (F_SIDE | F_WAKE)) &&
		       (!(by->flags & FA_SLEEP) || c->shape == SHAPE_SB);
	/* xchg() as the store of store buffering: smp_store_mb()'s way */
	if (by == first(c, e) && e->role == ROLE_WR)
		return by->cls == OC_RMW_FULL;
	if (by == first(c, e))
		return by->cls == OC_ACQ_LOAD ||
		       (by->cls == OC_DEP_LOAD && e->role != ROLE_WW) ||
		       (e->o.what && strstr(e->o.what, "dependency"));
	if (by == second(c, e))
		return by->cls == OC_REL_STORE || by->cls == OC_PUBLISH ||
		       by->cls == OC_RMW_REL;
	return false;
}

static bool is_mp_or_s(const struct pair_candidate *c)
{
	return c->shape == SHAPE_MP || c->shape == SHAPE_S;
}

static const char *acquire_fix(const struct pair_candidate *c,
			       const struct pair_side *r)
{
	return (first(c, r)->flags & FA_C11) ?
		       "memory_order_acquire on the load of" :
		       "smp_load_acquire() for";
}

/*
 * A function rule already reports this reader: the same bug seen from
 * one function, with the fix in its terms.
 */
static bool reader_reported(struct rule_tree_ctx *ctx,
			    const struct pair_candidate *c,
			    const struct pair_side *r)
{
	const struct fact *via =
		second(c, r)->adep >= 0 ?
			&pairing_fn(c->set, r)->v[second(c, r)->adep] :
			NULL;

	return rule_tree_seen(ctx, RULE_REPORTS_READER, first(c, r)) ||
	       rule_tree_seen(ctx, RULE_REPORTS_READER, second(c, r)) ||
	       (via && rule_tree_seen(ctx, RULE_REPORTS_READER, via));
}

/* MP and S: the writer (W a; W b) orders, the reader (R b; x a) does not. */
static void check_pair_missing_acquire(struct rule_tree_ctx *ctx,
				       const struct rule *self,
				       const struct pair_candidate *c)
{
	const struct pair_side *w = c->a, *r = c->b;
	char a[128], b[128], h[128];
	struct oc_diag *d;

	if (!is_mp_or_s(c) || !intends(c, w) || r->o.ord != ORD_NONE ||
	    reader_reported(ctx, c, r) ||
	    !rule_tree_first(ctx, self, r->fn, r->k1, r->k2))
		return;
	litmus_key_text(w->k1, a, sizeof(a));
	litmus_key_text(w->k2, b, sizeof(b));
	if (c->shape == SHAPE_MP)
		d = rule_tree_report(
			ctx, self, r->fn, second(c, r),
			"'%s' is read after '%s' with nothing ordering the "
			"two reads, but %s() orders its stores to them with "
			"%s: use %s '%s' (or smp_rmb() between)",
			a, b, fname(c, w), how_text(&w->o, h, sizeof(h)),
			acquire_fix(c, r), b);
	else
		d = rule_tree_report(
			ctx, self, r->fn, second(c, r),
			"'%s' is stored after '%s' is read with nothing "
			"ordering them, but %s() orders its store to '%s' "
			"before '%s' with %s: its store can overwrite this "
			"one; use %s '%s'",
			a, b, fname(c, w), a, b, how_text(&w->o, h, sizeof(h)),
			acquire_fix(c, r), b);
	note_side(c, d, r, "reads", c->shape == SHAPE_MP ? "reads" : "stores");
	note_side(c, d, w, "stores", "stores");
	rule_tree_litmus(ctx, d, self, c);
}

/*
 * The writer allocated before its stores (kzalloc(), kmem_cache_alloc(),
 * ..._alloc()): it is initialising an object nobody else sees yet, and
 * the publication that follows elsewhere orders it.
 */
static bool initialising(const struct pair_candidate *c,
			 const struct pair_side *w)
{
	const struct fact_fn *f = pairing_fn(c->set, w);
	unsigned k;

	for (k = 0; k < w->i; k++)
		if (f->v[k].op == FO_CALL &&
		    vocab_name_is(f->v[k].name, R_ALLOCATES))
			return true;
	return false;
}

/*
 * MP: the reader orders its reads, the writer does not order its stores.
 * A dependency-ordered reader is left out: its writers are mostly
 * initialisation before a later publication, and a pointer published
 * without order is addr-dep-*'s to say.
 */
static void check_pair_missing_release(struct rule_tree_ctx *ctx,
				       const struct rule *self,
				       const struct pair_candidate *c)
{
	const struct pair_side *w = c->a, *r = c->b;
	char a[128], b[128], h[128];
	struct oc_diag *d;

	if (c->shape != SHAPE_MP || w->o.ord != ORD_NONE || !intends(c, r) ||
	    (r->o.what && strstr(r->o.what, "dependency")) ||
	    initialising(c, w) ||
	    !rule_tree_first(ctx, self, w->fn, w->k1, w->k2))
		return;
	litmus_key_text(w->k1, a, sizeof(a));
	litmus_key_text(w->k2, b, sizeof(b));
	d = rule_tree_report(ctx, self, w->fn, second(c, w),
			     "'%s' is stored after '%s' with nothing ordering "
			     "the two stores, but %s() reads them in the "
			     "other order with %s: use %s '%s' (or "
			     "smp_wmb() between)",
			     b, a, fname(c, r), how_text(&r->o, h, sizeof(h)),
			     (second(c, w)->flags & FA_C11) ?
				     "memory_order_release on the store to" :
				     "smp_store_release() for",
			     b);
	note_side(c, d, w, "stores", "stores");
	note_side(c, d, r, "reads", "reads");
	rule_tree_litmus(ctx, d, self, c);
}

/* MP and S: one side orders with a barrier of the wrong kind. */
static void wrong_barrier_mp(struct rule_tree_ctx *ctx, const struct rule *self,
			     const struct pair_candidate *c)
{
	const struct pair_side *w = c->a, *r = c->b, *bad;
	char a[128], b[128], h[128];
	struct oc_diag *d;

	if (!((w->o.ord == ORD_WRONG && intends(c, r)) ||
	      (r->o.ord == ORD_WRONG && intends(c, w))))
		return;
	bad = w->o.ord == ORD_WRONG ? w : r;
	if (!rule_tree_first(ctx, self, bad->fn, bad->k1, bad->k2))
		return;
	litmus_key_text(w->k1, a, sizeof(a));
	litmus_key_text(w->k2, b, sizeof(b));
	d = rule_tree_report(ctx, self, bad->fn, bad->o.by,
			     "%s does not order the %s of '%s' and '%s' "
			     "that %s() %s in the other order: use %s",
			     how_text(&bad->o, h, sizeof(h)),
			     bad == w ? "stores" : "loads", bad == w ? a : b,
			     bad == w ? b : a, fname(c, bad == w ? r : w),
			     bad == w ? "reads" : "writes",
			     bad == w ? "smp_wmb()" : "smp_rmb()");
	note_side(c, d, w, "stores", "stores");
	note_side(c, d, r, "reads", c->shape == SHAPE_MP ? "reads" : "stores");
	rule_tree_litmus(ctx, d, self, c);
}

/*
 * SB: @x (W a; R b) against @y (W b; R a), reported on the weak side @x,
 * either with nothing (sb-needs-full-barrier) or with a barrier of the
 * wrong kind (pair-wrong-barrier).
 */
static void report_sb(struct rule_tree_ctx *ctx, const struct rule *self,
		      const struct pair_candidate *c)
{
	const struct pair_side *x = c->a, *y = c->b;
	char a[128], b[128], h[128];
	struct oc_diag *d;

	if (!rule_tree_first(ctx, self, x->fn, x->k1, x->k2))
		return;
	litmus_key_text(x->k1, a, sizeof(a));
	litmus_key_text(x->k2, b, sizeof(b));
	if (x->o.ord == ORD_NONE)
		d = rule_tree_report(
			ctx, self, x->fn, second(c, x),
			"the store to '%s' and the load of '%s' after it "
			"are not ordered, but %s() stores '%s' and then "
			"loads '%s' with %s: store buffering lets both "
			"loads miss both stores unless each side has "
			"smp_mb() between its store and its load",
			a, b, fname(c, y), b, a, how_text(&y->o, h, sizeof(h)));
	else
		d = rule_tree_report(
			ctx, self, x->fn, x->o.by,
			"%s does not order the store to '%s' before the load "
			"of '%s'; with %s() doing the same the other way "
			"round (store buffering), both loads can miss both "
			"stores: use smp_mb()",
			how_text(&x->o, h, sizeof(h)), a, b, fname(c, y));
	note_side(c, d, x, "stores", "loads");
	note_side(c, d, y, "stores", "loads");
	rule_tree_litmus(ctx, d, self, c);
}

static void check_pair_wrong_barrier(struct rule_tree_ctx *ctx,
				     const struct rule *self,
				     const struct pair_candidate *c)
{
	if (is_mp_or_s(c))
		wrong_barrier_mp(ctx, self, c);
	else if (c->shape == SHAPE_SB && c->a->o.ord == ORD_WRONG &&
		 (intends(c, c->b) || c->b->o.ord == ORD_WRONG))
		report_sb(ctx, self, c);
}

/* SB: one side full, the other nothing: half of a Dekker. */
static void check_sb_needs_full_barrier(struct rule_tree_ctx *ctx,
					const struct rule *self,
					const struct pair_candidate *c)
{
	if (c->shape == SHAPE_SB && c->a->o.ord == ORD_NONE && intends(c, c->b))
		report_sb(ctx, self, c);
}

/*
 * A barrier nothing pairs with. A "pairs with" comment that names no
 * function is trusted. Without a comment: where the barrier orders
 * nothing we can see on one side, the caller may; and where nobody else
 * touches the flag at all (for smp_wmb() the later store, for smp_rmb()
 * the earlier load), the other side is outside the tree we were given,
 * not missing.
 */
static void check_pair_unpaired_barrier(struct rule_tree_ctx *ctx,
					const struct rule *self,
					const struct pair_candidate *c)
{
	const struct pair_barrier *b = c->barrier;
	const struct fact *fence;
	bool wmb;
	char k1[128], k2[128];
	struct oc_diag *d;

	if (c->shape != SHAPE_BARRIER)
		return;
	fence = &c->set->fns[b->fn].v[b->at];
	wmb = fence->cls == OC_FENCE_W;
	if (b->commented) {
		if (b->named_defined || !b->nnamed ||
		    !rule_tree_first(ctx, self, b->fn, b->named[0],
				     b->named[0]))
			return;
		rule_tree_report(ctx, self, b->fn, fence,
				 "the comment says %s() pairs with %s(), which "
				 "is not in the checked tree",
				 fence->name, b->named[0]);
		return;
	}
	if (b->partnered || !b->before || !b->flag_shared ||
	    !rule_tree_first(ctx, self, b->fn, b->before->key, b->after->key))
		return;
	d = rule_tree_report(
		ctx, self, b->fn, fence,
		"%s() orders the %s of '%s' before '%s' (%u pair%s), but "
		"nothing in the checked tree %s them in the other order: an "
		"unneeded barrier, or a partner that is missing",
		fence->name, wmb ? "stores" : "loads",
		litmus_key_text(b->before->key, k1, sizeof(k1)),
		litmus_key_text(b->after->key, k2, sizeof(k2)), b->npairs,
		b->npairs == 1 ? "" : "s", wmb ? "reads" : "writes");
	rule_tree_note(d, b->before, "%s '%s' here", wmb ? "stores" : "loads",
		       k1);
	rule_tree_note(d, b->after, "then '%s' here", k2);
}

static const struct rule rules[] = {
	{ "pair-missing-acquire", SEV_WARNING, FIX_NONE,
	  ON_TREE(check_pair_missing_acquire),
	  "the writer orders two stores (`smp_wmb()`, release, "
	  "`rcu_assign_pointer()`, `smp_mb()`); a reader reads them in the "
	  "other order with nothing ordering its reads (MP), or stores after "
	  "its read (S)" },
	{ "pair-missing-release", SEV_WARNING, FIX_NONE,
	  ON_TREE(check_pair_missing_release),
	  "the reader orders its reads (rmb, acquire, dependency); the writer "
	  "does not order its stores" },
	{ "pair-wrong-barrier", SEV_WARNING, FIX_NONE,
	  ON_TREE(check_pair_wrong_barrier),
	  "both sides order, one with the wrong kind: `smp_rmb()` between "
	  "stores, `smp_wmb()` between loads, release/acquire for store "
	  "buffering" },
	{ "sb-needs-full-barrier", SEV_WARNING, FIX_NONE,
	  ON_TREE(check_sb_needs_full_barrier),
	  "store buffering (a store then a load on each side) with `smp_mb()` "
	  "on one side and nothing on the other" },
	{ "pair-unpaired-barrier", SEV_NOTE, FIX_NONE,
	  ON_TREE(check_pair_unpaired_barrier),
	  "an `smp_wmb()`/`smp_rmb()` whose flag others access but that nobody "
	  "reads (writes) in the other order, or whose \"pairs with\" comment "
	  "names a function not in the tree" },
};

const struct rule_family family_pairs = { "pairing across functions and files",
					  rules,
					  sizeof(rules) / sizeof(rules[0]) };
