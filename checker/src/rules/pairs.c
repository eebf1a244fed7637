// SPDX-License-Identifier: GPL-2.0
/*
 * The pairing family: tree rules, each judging the candidates that the
 * pairing engine (../pairs/pairing.c) finds in the facts of the whole tree
 * after every file is checked.
 */
#include <stdio.h>
#include <string.h>

#include "../pairs/inline.h"
#include "../pairs/litmus.h"
#include "../pairs/pairing.h"
#include "../verdicts.h"
#include "../vocab.h"
#include "pairs_shapes.h"
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

/*
 * "smp_wmb()", "the release smp_store_release()", "smp_mb() in foo()" (a
 * call ordering by its summary, or a callee's inlined fence), for
 * messages. @fn is the function of the side @o orders.
 */
static const char *how_text(const struct fact_fn *fn, const struct ordering *o,
			    char *buf, size_t n)
{
	const struct fact_via *via = o->by ? facts_via(fn, o->by) : NULL;

	if (!o->by)
		snprintf(buf, n, "nothing");
	else if (o->by->op == FO_CALL && o->what)
		snprintf(buf, n, "%s", o->what);
	else if (o->by->op == FO_FENCE || o->by->op == FO_CALL)
		snprintf(buf, n, "%s()%s%s%s", o->by->name, via ? " in " : "",
			 via ? via->callee : "", via ? "()" : "");
	else if (o->what && o->by->name[0])
		snprintf(buf, n, "%s (%s())", o->what, o->by->name);
	else
		snprintf(buf, n, "%s", o->what ? o->what : "?");
	return buf;
}

/* The ordering of side @e, for messages. */
static const char *side_how(const struct pair_candidate *c,
			    const struct pair_side *e, char *buf, size_t n)
{
	return how_text(pairing_fn(c->set, e), &e->o, buf, n);
}

/*
 * An access a side has from a callee (pairs/inline.c): where the call is,
 * and where the callee does it. A finding that relies on a callee says so.
 */
static void note_callee(const struct pair_candidate *c, struct oc_diag *d,
			const struct pair_side *e, const struct fact *f,
			const char *key)
{
	const struct fact_via *via = facts_via(pairing_fn(c->set, e), f);
	const char *verb = fact_writes(f) ? "written" : "read";
	struct fact at;

	if (!via)
		return;
	if (via->depth == 1)
		rule_tree_note(d, f, "'%s' is %s in %s() called here (depth 1)",
			       key, verb, via->callee);
	else
		rule_tree_note(d, f,
			       "'%s' is %s in %s() called here through %s() "
			       "(depth %u)",
			       key, verb, via->callee, via->through,
			       via->depth);
	at = *f;
	at.file = via->file;
	at.line = via->line;
	at.col = via->col;
	rule_tree_note(d, &at, "%s() %s '%s' here", via->callee,
		       fact_writes(f) ? "writes" : "reads", key);
}

static void note_side(const struct pair_candidate *c, struct oc_diag *d,
		      const struct pair_side *e, const char *verb1,
		      const char *verb2)
{
	char k[128], k2[128], h[128];

	litmus_key_text(e->k1, k, sizeof(k));
	litmus_key_text(e->k2, k2, sizeof(k2));
	rule_tree_note(d, first(c, e), "%s() %s '%s' here", fname(c, e), verb1,
		       k);
	note_callee(c, d, e, first(c, e), k);
	if (e->o.by && e->o.by != first(c, e) && e->o.by != second(c, e))
		rule_tree_note(d, e->o.by,
			       e->o.ord == ORD_YES ?
				       "ordered by %s here" :
				       "%s here, which does not order them",
			       side_how(c, e, h, sizeof(h)));
	rule_tree_note(d, second(c, e), "then %s '%s' here", verb2, k2);
	note_callee(c, d, e, second(c, e), k2);
}

/*
 * A side that shows it means to order: an explicit fence in the function
 * (not one a call, a wake-up or a value-returning RMW makes as a side
 * effect), an acquire read of the flag, a release store of it, or (for a
 * reader) a dependency; its own, not a callee's barrier. Only such a side
 * makes the other side's lack of order a finding: kernel code is full of
 * refcounts and bit flags whose RMWs order incidentally.
 */
static bool intends(const struct pair_candidate *c, const struct pair_side *e)
{
	const struct fact *by = e->o.by;
	const struct fact_via *via;

	if (e->o.ord != ORD_YES || !by)
		return false;
	/*
	 * A callee's barrier (smp_mb() in rcu_seq_snap()) or fully ordered
	 * RMW is there for the callee's own accesses: it orders the
	 * caller's by the way, which says nothing of the caller's intent.
	 * A callee's acquire or release of the very flag still does.
	 */
	via = facts_via(pairing_fn(c->set, e), by);
	if (via && (by->op == FO_FENCE || by->cls == OC_RMW_FULL))
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

/*
 * The flag of an MP or S pair written with a plain access on one side
 * (the engine pairs it only where the other side marks and orders it):
 * besides the missing order, the plain access races with the marked one.
 */
static void note_plain_flag(const struct pair_candidate *c, struct oc_diag *d)
{
	const struct pair_side *sides[] = { c->a, c->b };
	const struct fact *flag;
	char k[128];
	unsigned n;

	for (n = 0; n < 2; n++) {
		if (!(flag = pairing_plain_flag(c->set, sides[n])))
			continue;
		/*
		 * The side reported is the plain one: its flag may be under a
		 * lock a caller holds (Linux 6.1's plain d_flags and b_state
		 * readers are), which the marked side does not show. A remark.
		 */
		if (sides[n]->o.ord != ORD_YES)
			d->sev = SEV_NOTE;
		litmus_key_text(flag->key, k, sizeof(k));
		if (sides[n] == c->a)
			rule_tree_note(
				d, flag,
				"'%s' is stored with a plain access here, but "
				"%s() reads it as a marked flag: a data race; "
				"use WRITE_ONCE() (or smp_store_release(), "
				"which also orders the stores before it)",
				k, fname(c, c->b));
		else
			rule_tree_note(
				d, flag,
				"'%s' is read with a plain access here, but "
				"%s() writes it as a marked flag: a data race "
				"the compiler may fuse, tear or hoist out of a "
				"loop; use READ_ONCE() (or smp_load_acquire(), "
				"which also orders the accesses after it)",
				k, fname(c, c->a));
	}
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
	    reader_reported(ctx, c, r) || misplaced_fence(c, r) ||
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
			a, b, fname(c, w), side_how(c, w, h, sizeof(h)),
			acquire_fix(c, r), b);
	else
		d = rule_tree_report(
			ctx, self, r->fn, second(c, r),
			"'%s' is stored after '%s' is read with nothing "
			"ordering them, but %s() orders its store to '%s' "
			"before '%s' with %s: its store can overwrite this "
			"one; use %s '%s'",
			a, b, fname(c, w), a, b, side_how(c, w, h, sizeof(h)),
			acquire_fix(c, r), b);
	note_side(c, d, r, "reads", c->shape == SHAPE_MP ? "reads" : "stores");
	note_side(c, d, w, "stores", "stores");
	note_plain_flag(c, d);
	rule_tree_litmus(ctx, d, self, c);
}

/*
 * Names of functions that set an object up before anyone else sees it,
 * or tear it down after: kernel convention, the one sign left where a
 * plain store of a flag is initialisation (slot_init(), foo_setup(),
 * bar_reset()) or teardown (cleanup_srcu_struct()).
 */
static const char *const initialiser_words[] = {
	"init", "setup", "reset", "create",  "alloc",	"prepare",
	"_new", "new_",	 "free",  "destroy", "cleanup", "exit",
};

static bool named_initialiser(const char *name)
{
	unsigned i;

	for (i = 0;
	     i < sizeof(initialiser_words) / sizeof(initialiser_words[0]); i++)
		if (strstr(name, initialiser_words[i]))
			return true;
	return false;
}

/*
 * The writer allocated before its stores (kzalloc(), kmem_cache_alloc(),
 * ..._alloc()), or is named for setting an object up or tearing it down
 * (prb_init(), nfs_page_group_init()): it works on an object nobody else
 * sees, and the publication that follows elsewhere orders it. With a
 * plain flag, also a writer that publishes after it
 * (rcu_assign_pointer(), a release): its plain stores fill in what that
 * publication hands over.
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
	if (named_initialiser(f->name))
		return true;
	if (!pairing_plain_flag(c->set, w))
		return false;
	for (k = w->j + 1; k < f->n; k++)
		if (f->v[k].op == FO_STORE &&
		    (f->v[k].cls == OC_PUBLISH || f->v[k].cls == OC_REL_STORE))
			return true;
	return false;
}

/* "WRITE_ONCE()", or "a plain store". */
static const char *store_text(const struct fact *f, char *buf, size_t n)
{
	if (f->name[0])
		snprintf(buf, n, "%s()", f->name);
	else
		snprintf(buf, n, "a plain store");
	return buf;
}

/*
 * MP: the reader orders its reads, the writer does not order its stores.
 * A dependency-ordered reader counts only where the writer stores the
 * pointer with WRITE_ONCE() after the field and publishes nothing after
 * (dependency_reader_trusts(), pairs_publish.c): other writers of such
 * readers mostly initialise an object that a later release publishes.
 */
static void check_pair_missing_release(struct rule_tree_ctx *ctx,
				       const struct rule *self,
				       const struct pair_candidate *c)
{
	const struct pair_side *w = c->a, *r = c->b;
	char a[128], b[128], h[128], h2[128];
	struct oc_diag *d;
	bool dep;

	if (c->shape != SHAPE_MP)
		return;
	dep = r->o.what && strstr(r->o.what, "dependency");
	if (w->o.ord != ORD_NONE || !intends(c, r) ||
	    (dep ? !dependency_reader_trusts(c) : initialising(c, w)) ||
	    misplaced_fence(c, w) ||
	    !rule_tree_first(ctx, self, w->fn, w->k1, w->k2))
		return;
	litmus_key_text(w->k1, a, sizeof(a));
	litmus_key_text(w->k2, b, sizeof(b));
	if (dep)
		d = rule_tree_report(
			ctx, self, w->fn, second(c, w),
			"'%s' is stored with %s after '%s' with nothing "
			"ordering the two stores, but %s() reads '%s' through "
			"the pointer it loads from '%s' and trusts %s to "
			"order them: use rcu_assign_pointer() or "
			"smp_store_release() for '%s'",
			b, store_text(second(c, w), h2, sizeof(h2)), a,
			fname(c, r), a, b, side_how(c, r, h, sizeof(h)), b);
	else
		d = rule_tree_report(
			ctx, self, w->fn, second(c, w),
			"'%s' is stored after '%s' with nothing ordering "
			"the two stores, but %s() reads them in the "
			"other order with %s: use %s '%s' (or "
			"smp_wmb() between)",
			b, a, fname(c, r), side_how(c, r, h, sizeof(h)),
			(second(c, w)->flags & FA_C11) ?
				"memory_order_release on the store to" :
				"smp_store_release() for",
			b);
	note_side(c, d, w, "stores", "stores");
	note_side(c, d, r, "reads", "reads");
	note_plain_flag(c, d);
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
	if ((pairing_plain_flag(c->set, w) && initialising(c, w)) ||
	    !rule_tree_first(ctx, self, bad->fn, bad->k1, bad->k2))
		return;
	litmus_key_text(w->k1, a, sizeof(a));
	litmus_key_text(w->k2, b, sizeof(b));
	d = rule_tree_report(ctx, self, bad->fn, bad->o.by,
			     "%s does not order the %s of '%s' and '%s' "
			     "that %s() %s in the other order: use %s",
			     side_how(c, bad, h, sizeof(h)),
			     bad == w ? "stores" : "loads", bad == w ? a : b,
			     bad == w ? b : a, fname(c, bad == w ? r : w),
			     bad == w ? "reads" : "writes",
			     bad == w ? "smp_wmb()" : "smp_rmb()");
	note_side(c, d, w, "stores", "stores");
	note_side(c, d, r, "reads", c->shape == SHAPE_MP ? "reads" : "stores");
	note_plain_flag(c, d);
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
			a, b, fname(c, y), b, a, side_how(c, y, h, sizeof(h)));
	else
		d = rule_tree_report(
			ctx, self, x->fn, x->o.by,
			"%s does not order the store to '%s' before the load "
			"of '%s'; with %s() doing the same the other way "
			"round (store buffering), both loads can miss both "
			"stores: use smp_mb()",
			side_how(c, x, h, sizeof(h)), a, b, fname(c, y));
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
		 (intends(c, c->b) || c->b->o.ord == ORD_WRONG) &&
		 !rule_tree_seen(ctx, RULE_REPORTS_WAKER, second(c, c->a)))
		report_sb(ctx, self, c);
}

/* SB: one side full, the other nothing: half of a Dekker. */
static void check_sb_needs_full_barrier(struct rule_tree_ctx *ctx,
					const struct rule *self,
					const struct pair_candidate *c)
{
	if (c->shape == SHAPE_SB && c->a->o.ord == ORD_NONE &&
	    intends(c, c->b) && !misplaced_fence(c, c->a) &&
	    !rule_tree_seen(ctx, RULE_REPORTS_WAKER, second(c, c->a)))
		report_sb(ctx, self, c);
}

/* ---- load buffering, judged by herd7's verdict table ---- */

/*
 * The kind verdicts.def gives how side @e orders its two accesses, in the
 * LKMM or (C11 atomics) RC11; NULL where the table has no such kind.
 */
static const char *side_kind(const struct pair_candidate *c,
			     const struct pair_side *e, bool c11)
{
	const struct fact *by = e->o.by, *x = first(c, e), *y = second(c, e);
	const char *what = e->o.what ? e->o.what : "";

	if (e->o.ord == ORD_NONE || !by)
		return c11 ? "RLX" : "NONE";
	if (e->o.ord != ORD_YES && e->o.ord != ORD_WRONG)
		return NULL;
	if (by->op == FO_FENCE) {
		switch (by->cls) {
		case OC_FENCE_W:
			return c11 ? NULL : "WMB";
		case OC_FENCE_R:
			return c11 ? NULL : "RMB";
		case OC_FENCE_ACQ:
			return c11		    ? "FENCE_ACQ" :
			       y->cdep == (int)e->i ? "CTRL_ACQ" :
						      "RMB";
		case OC_FENCE_REL:
			return c11 ? "FENCE_REL" : NULL;
		case OC_FENCE_ACQREL:
			return c11 ? "FENCE_ACQ_REL" : NULL;
		default:
			return c11 ? "FENCE_SC" : "MB";
		}
	}
	if (by->op == FO_CALL) /* a callee with a barrier that orders them */
		return c11 ? "FENCE_SC" : "MB";
	if (strstr(what, "address"))
		return "ADDR";
	if (strstr(what, "control"))
		return "CTRL";
	if (by->cls == OC_RMW_FULL || by->cls == OC_RMW_SC)
		return c11 ? "RMW_SC" : "RMW_MB";
	if (by->cls == OC_RMW_ACQREL)
		return c11 ? "RMW_ACQ_REL" : NULL;
	if ((x->flags & y->flags & F_SEQ_CST) && c11)
		return "SC";
	if ((x->cls == OC_ACQ_LOAD || x->cls == OC_RMW_ACQ) &&
	    (y->cls == OC_REL_STORE || y->cls == OC_PUBLISH))
		return "ACQ_REL";
	if (strstr(what, "acquire"))
		return c11 ? "ACQ" : "ACQUIRE";
	if (strstr(what, "release"))
		return c11 ? "REL" : "RELEASE";
	return NULL;
}

/*
 * What herd7 says of the candidate's shape with its two sides' kinds, and
 * the test's name in *@test: the verdict, not a rule of thumb, decides.
 */
static enum verdict candidate_verdict(const struct pair_candidate *c,
				      const char *shape, const char **test)
{
	bool c11 =
		(first(c, c->a)->flags & second(c, c->a)->flags &
		 first(c, c->b)->flags & second(c, c->b)->flags & FA_C11) != 0;
	const char *k0 = side_kind(c, c->a, c11), *k1 = side_kind(c, c->b, c11);

	*test = NULL;
	if (!k0 || !k1)
		return VERDICT_UNKNOWN;
	return verdict_lookup(c11 ? "RC11" : "LKMM", shape, k0, k1, test);
}

/*
 * LB: @x (R a; W b) against @y (R b; W a). @y orders its load before its
 * store on purpose (a barrier, an acquire, a release; a control or
 * address dependency is mostly there for its own ends), @x does not or
 * with a barrier of the wrong kind, and herd7 allows the outcome where
 * each load reads the other side's store.
 */
static void check_lb_needs_order(struct rule_tree_ctx *ctx,
				 const struct rule *self,
				 const struct pair_candidate *c)
{
	const struct pair_side *x = c->a, *y = c->b;
	const char *test;
	char a[128], b[128], h[128];
	struct oc_diag *d;

	if (c->shape != SHAPE_LB || x->o.ord == ORD_YES || !intends(c, y) ||
	    (y->o.what && strstr(y->o.what, "dependency")) ||
	    candidate_verdict(c, "LB", &test) != VERDICT_ALLOWED ||
	    !rule_tree_first(ctx, self, x->fn, x->k1, x->k2))
		return;
	litmus_key_text(x->k1, a, sizeof(a));
	litmus_key_text(x->k2, b, sizeof(b));
	if (x->o.ord == ORD_NONE)
		d = rule_tree_report(
			ctx, self, x->fn, second(c, x),
			"the load of '%s' and the store to '%s' after it are "
			"not ordered, but %s() loads '%s' and then stores "
			"'%s' with %s: load buffering lets each load read the "
			"other side's later store (herd7: %s is allowed); use "
			"smp_load_acquire() for '%s', smp_store_release() for "
			"'%s', or make the store depend on the value loaded",
			a, b, fname(c, y), b, a, side_how(c, y, h, sizeof(h)),
			test, a, b);
	else
		d = rule_tree_report(
			ctx, self, x->fn, x->o.by,
			"%s does not order the load of '%s' before the store "
			"to '%s'; with %s() doing the same the other way round "
			"(load buffering), each load can read the other "
			"side's later store (herd7: %s is allowed): use "
			"smp_mb(), or smp_load_acquire() for '%s'",
			side_how(c, x, h, sizeof(h)), a, b, fname(c, y), test,
			a);
	note_side(c, d, x, "loads", "stores");
	note_side(c, d, y, "loads", "stores");
	rule_tree_litmus(ctx, d, self, c);
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
	if (rule_tree_claimed(ctx, fence)) /* misplaced-barrier said more */
		return;
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
	  "the reader orders its reads (rmb, acquire, or a dependency on a "
	  "pointer stored with `WRITE_ONCE()`); the writer does not order its "
	  "stores" },
	{ "pair-wrong-barrier", SEV_WARNING, FIX_NONE,
	  ON_TREE(check_pair_wrong_barrier),
	  "both sides order, one with the wrong kind: `smp_rmb()` between "
	  "stores, `smp_wmb()` between loads, release/acquire for store "
	  "buffering" },
	{ "sb-needs-full-barrier", SEV_WARNING, FIX_NONE,
	  ON_TREE(check_sb_needs_full_barrier),
	  "store buffering (a store then a load on each side) with `smp_mb()` "
	  "on one side and nothing on the other" },
	{ "lb-needs-order", SEV_WARNING, FIX_NONE,
	  ON_TREE(check_lb_needs_order),
	  "load buffering (a load then a store on each side) with one side "
	  "ordering its load before its store (`smp_mb()`, acquire, release) "
	  "and the other not: herd7's verdict table says each load can read "
	  "the other's later store" },
	{ "pair-unpaired-barrier", SEV_NOTE, FIX_NONE,
	  ON_TREE(check_pair_unpaired_barrier),
	  "an `smp_wmb()`/`smp_rmb()` whose flag others access but that nobody "
	  "reads (writes) in the other order, or whose \"pairs with\" comment "
	  "names a function not in the tree" },
	{ "misplaced-barrier", SEV_WARNING, FIX_SAFE,
	  ON_TREE(check_misplaced_barrier),
	  "the barrier is there but an access is on the wrong side of it: the "
	  "flag stored before `smp_wmb()`, `smp_rmb()` before the flag read or "
	  "after both reads, against a partner that orders the documented way" },
	{ "unordered-flag", SEV_WARNING, FIX_NONE,
	  ON_TREE(check_unordered_flag),
	  "a `WRITE_ONCE()` flag stored after data and tested with "
	  "`READ_ONCE()` before reading it, neither side ordering; a warning "
	  "with evidence (spin-wait, a comment on the flag), else a remark" },
};

const struct rule_family family_pairs = { "pairing across functions and files",
					  rules,
					  sizeof(rules) / sizeof(rules[0]) };

/* For the shape rules of pairs_*.c (pairs_shapes.h). */
bool pairs_intends(const struct pair_candidate *c, const struct pair_side *e)
{
	return intends(c, e);
}

const char *pairs_side_how(const struct pair_candidate *c,
			   const struct pair_side *e, char *buf, size_t n)
{
	return side_how(c, e, buf, n);
}

bool pairs_initialising(const struct pair_candidate *c,
			const struct pair_side *w)
{
	return initialising(c, w);
}

void pairs_note_side(const struct pair_candidate *c, struct oc_diag *d,
		     const struct pair_side *e, const char *verb1,
		     const char *verb2)
{
	note_side(c, d, e, verb1, verb2);
}
