// SPDX-License-Identifier: GPL-2.0
/*
 * misplaced-barrier: the barrier is there, but an access sits on the
 * wrong side of it for what its partner relies on. Two forms:
 *
 *   the fence next to the pair, not between it (MP, S, SB): one side's
 *   two accesses are unordered, its function has the fence that would
 *   order them just before the first or just after the second, where it
 *   orders nothing of its own; the other side orders the documented way.
 *
 *   an access across the fence (SAME_WAY): the writer stores the flag
 *   before its fence and the data after it, while the reader reads the
 *   flag first and orders its reads; or the reader reads the data before
 *   its smp_rmb() and the flag after it, while the writer orders data
 *   before flag. Which location is the flag is read from the code: the
 *   one read first with acquire or a dependency or tested by a branch,
 *   the one stored last by a release; a seqlock, whose writer stores its
 *   counter on both sides of the data, is no finding.
 *
 * pair-missing-acquire, pair-missing-release and sb-needs-full-barrier
 * yield the first form to this rule while it is on, and
 * pair-unpaired-barrier a fence this rule reported (their rows' yields_to,
 * misplaced_barrier_claims()).
 */
#include <stdio.h>
#include <string.h>

#include "../pairs/inline.h"
#include "../pairs/litmus.h"
#include "../vocab/vocab.h"
#include "pairs_shapes.h"
#include "registry.h"
#include "tree_source.h"

/* How far (in facts) a misplaced fence may stand from the pair. */
enum { NEAR = 3, FAR = 24 };

static const unsigned role_need[] = {
	[ROLE_WW] = VO_WW, [ROLE_RR] = VO_RR,	   [ROLE_RW] = VO_RW,
	[ROLE_WR] = VO_WR, [ROLE_WW_LEAD] = VO_WW,
};

/* What each access of a role is, for messages. */
static const char *const role_noun[][2] = {
	[ROLE_WW] = { "store", "store" },      [ROLE_RR] = { "read", "read" },
	[ROLE_RW] = { "read", "store" },       [ROLE_WR] = { "store", "read" },
	[ROLE_WW_LEAD] = { "store", "store" },
};

static bool first_reads(unsigned need)
{
	return need & (VO_RR | VO_RW);
}

static bool second_reads(unsigned need)
{
	return need & (VO_RR | VO_WR);
}

/*
 * A primitive's own fence (write_seqcount_begin()'s smp_wmb(),
 * wq_has_sleeper()'s smp_mb()): where it stands is the primitive's
 * protocol, not a placement the user chose.
 */
static bool own_fence(const struct fact *f)
{
	return f->op == FO_FENCE &&
	       (f->flags & (F_FULL_BEFORE | F_RMB_BEFORE | F_WMB_AFTER));
}

/* A fence written to order memory: not a side effect, not a wake-up. */
static unsigned fence_orders(const struct fact *f)
{
	if (f->op != FO_FENCE || own_fence(f) ||
	    (f->flags & (F_SIDE | F_WAKE | F_CTRL_DEP)) ||
	    f->cls == OC_MOD_BEFORE || f->cls == OC_MOD_AFTER)
		return 0;
	return vocab_fence_mask((enum oc_class)f->cls, f->flags) &
	       (VO_RR | VO_RW | VO_WR | VO_WW);
}

static bool blocks(const struct fact *f)
{
	return fact_is_access(f) || f->op == FO_CALL || f->op == FO_LOCK ||
	       f->op == FO_UNLOCK;
}

/*
 * Between @from and @to (exclusive, either direction) of @fn, an access
 * of the kind @reads (a load if true, a store if false) or a call: what
 * the fence at @from could be ordering there.
 */
static bool orders_something(const struct fact_fn *fn, unsigned at, int step,
			     bool reads)
{
	const struct fact *fence = &fn->v[at];
	unsigned n;
	long k;

	for (n = 0, k = (long)at + step; k >= 0 && k < (long)fn->n && n < FAR;
	     k += step, n++) {
		const struct fact *f = &fn->v[k];

		if (!facts_compatible(fn, fence, f))
			continue;
		if (f->op == FO_CALL || f->op == FO_LOCK || f->op == FO_UNLOCK)
			return true;
		if (fact_is_access(f) &&
		    (reads ? fact_reads(f) : fact_writes(f)))
			return true;
	}
	return false;
}

const struct fact *misplaced_fence(const struct pair_candidate *c,
				   const struct pair_side *e)
{
	const struct fact_fn *fn = pairing_fn(c->set, e);
	unsigned need = role_need[e->role], n;
	long k;

	if (e->o.ord != ORD_NONE)
		return NULL;
	/* just before the first access: it must order nothing before it */
	for (n = 0, k = (long)e->i - 1; k >= 0 && n < NEAR; k--, n++) {
		const struct fact *f = &fn->v[k];

		if (blocks(f))
			break;
		if ((fence_orders(f) & need) &&
		    facts_compatible(fn, f, &fn->v[e->i]) &&
		    !orders_something(fn, (unsigned)k, -1, first_reads(need)))
			return f;
	}
	/* just after the second: it must order nothing after it */
	for (n = 0, k = (long)e->j + 1; k < (long)fn->n && n < NEAR; k++, n++) {
		const struct fact *f = &fn->v[k];

		if (blocks(f))
			break;
		if ((fence_orders(f) & need) &&
		    facts_compatible(fn, &fn->v[e->j], f) &&
		    !orders_something(fn, (unsigned)k, 1, second_reads(need)))
			return f;
	}
	return NULL;
}

/* "reads" or "stores": what side @e's @k-th access does, for its notes. */
static const char *role_verb(const struct pair_side *e, unsigned k)
{
	return pairs_side_reads(e, k) ? "reads" : "stores";
}

/* The fence stands next to the pair: move it between. */
static void
report_fence_outside(struct rule_tree_ctx *ctx, const struct rule *self,
		     const struct pair_candidate *c, const struct pair_side *x,
		     const struct pair_side *y, const struct fact *fence)
{
	const struct fact *f1 = pairing_first(c->set, x),
			  *f2 = pairing_second(c->set, x);
	bool before = fence->line < f1->line ||
		      (fence->line == f1->line && fence->col < f1->col);
	const char *const *noun = role_noun[x->role];
	char k1[128], k2[128], h[128];
	struct oc_diag *d;

	if (!rule_tree_first(ctx, self, x->fn, x->k1, x->k2))
		return;
	litmus_key_text(x->k1, k1, sizeof(k1));
	litmus_key_text(x->k2, k2, sizeof(k2));
	d = rule_tree_report(
		ctx, self, x->fn, fence,
		"%s() stands %s the %s of '%s', not between the %s of '%s' "
		"and the %s of '%s', and orders nothing here; %s() orders "
		"its side with %s: move %s() %s the %s of '%s'",
		fence->name, before ? "before" : "after",
		before ? noun[0] : noun[1], before ? k1 : k2, noun[0], k1,
		noun[1], k2, pairing_fn(c->set, y)->name,
		pairs_side_how(c, y, h, sizeof(h)), fence->name,
		before ? "after" : "before", before ? noun[0] : noun[1],
		before ? k1 : k2);
	rule_tree_claim(ctx, fence);
	if (y->o.by && y->o.by->op == FO_FENCE)
		rule_tree_claim(ctx, y->o.by);
	rule_tree_note(d, f1, "the %s of '%s' here", noun[0], k1);
	rule_tree_note(d, f2, "then the %s of '%s' here", noun[1], k2);
	pairs_note_side(c, d, y, role_verb(y, 0), role_verb(y, 1));
	rule_tree_threads(ctx, d, c);
	if (f1->line < f2->line && !strcmp(fence->file, f1->file)) {
		if (before && fence->line + 1 == f1->line)
			tree_fix_swap_lines(d, fence->file, fence->line,
					    f1->line);
		else if (!before && f2->line + 1 == fence->line)
			tree_fix_swap_lines(d, fence->file, f2->line,
					    fence->line);
	}
}

static bool is_release(const struct fact *f)
{
	return f->cls == OC_REL_STORE || f->cls == OC_PUBLISH ||
	       f->cls == OC_RMW_REL;
}

/* The reader's first read is the flag: it heads what it orders. */
static bool flag_first(const struct pair_candidate *c)
{
	const struct pair_side *w = c->a, *r = c->b;
	const struct fact *r1 = pairing_first(c->set, r),
			  *r2 = pairing_second(c->set, r);

	return w->role == ROLE_WW_LEAD || r1->cls == OC_ACQ_LOAD ||
	       r1->cls == OC_DEP_LOAD || r2->adep == (int)r->i ||
	       r2->cdep == (int)r->i ||
	       ((r1->flags & FA_IN_COND) && !(r2->flags & FA_IN_COND));
}

/* The writer's second store is the flag: a release, or the one tested. */
static bool flag_second(const struct pair_candidate *c)
{
	const struct pair_side *r = c->b;
	const struct fact *r1 = pairing_first(c->set, r),
			  *r2 = pairing_second(c->set, r);

	return is_release(pairing_second(c->set, c->a)) ||
	       ((r2->flags & FA_IN_COND) && !(r1->flags & FA_IN_COND));
}

/*
 * @fn accesses @key (writes if @writes, else reads) in facts [lo, hi):
 * the flag on both sides of the data, as a seqlock has it.
 */
static bool touches(const struct fact_fn *fn, unsigned lo, unsigned hi,
		    const char *key, bool writes)
{
	unsigned k;

	for (k = lo; k < hi && k < fn->n; k++)
		if (fn->v[k].key == key &&
		    (writes ? fact_writes(&fn->v[k]) : fact_reads(&fn->v[k])))
			return true;
	return false;
}

/* The "pairs with" comment beside @fence names function @name. */
static bool comment_names(const struct fact *fence, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = fence->pairs; p && (p = strstr(p, name)); p += n)
		if ((p == fence->pairs ||
		     !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
		       (p[-1] >= '0' && p[-1] <= '9'))) &&
		    !(p[n] == '_' || (p[n] >= 'a' && p[n] <= 'z') ||
		      (p[n] >= '0' && p[n] <= '9')))
			return true;
	return false;
}

/* SAME_WAY: @bad's function orders, by a fence, the pair the wrong way. */
static void report_access_across(struct rule_tree_ctx *ctx,
				 const struct rule *self,
				 const struct pair_candidate *c,
				 const struct pair_side *bad,
				 const struct pair_side *other)
{
	const struct fact *f1 = pairing_first(c->set, bad),
			  *f2 = pairing_second(c->set, bad), *fence = bad->o.by;
	bool writer = bad == c->a;
	const char *flag = writer ? bad->k1 : bad->k2;
	char fk[128], dk[128], h[128];
	struct oc_diag *d;

	if (!rule_tree_first(ctx, self, bad->fn, bad->k1, bad->k2))
		return;
	litmus_key_text(flag, fk, sizeof(fk));
	litmus_key_text(writer ? bad->k2 : bad->k1, dk, sizeof(dk));
	if (writer)
		d = rule_tree_report(
			ctx, self, bad->fn, f1,
			"'%s' is stored before %s() and '%s' after it, but "
			"%s() reads '%s' first and orders its reads with %s: "
			"a reader that sees the new '%s' can read the old "
			"'%s'; store '%s' after the %s() and '%s' before it",
			fk, fence->name, dk, pairing_fn(c->set, other)->name,
			fk, pairs_side_how(c, other, h, sizeof(h)), fk, dk, fk,
			fence->name, dk);
	else
		d = rule_tree_report(
			ctx, self, bad->fn, f1,
			"'%s' is read before %s() and '%s' after it, but %s() "
			"stores '%s' last, ordered by %s: this can read the "
			"old '%s' and then the new '%s'; read '%s' first, "
			"then %s(), then '%s'",
			dk, fence->name, fk, pairing_fn(c->set, other)->name,
			fk, pairs_side_how(c, other, h, sizeof(h)), dk, fk, fk,
			fence->name, dk);
	rule_tree_claim(ctx, fence);
	/* the partner's barrier is paired, with this misplaced one */
	if (other->o.by && other->o.by->op == FO_FENCE)
		rule_tree_claim(ctx, other->o.by);
	rule_tree_note(d, fence, "%s() here", fence->name);
	if (comment_names(fence, pairing_fn(c->set, other)->name))
		rule_tree_note(d, fence,
			       "its \"pairs with\" comment names %s()",
			       pairing_fn(c->set, other)->name);
	rule_tree_note(d, f2, "then %s '%s' here", writer ? "stores" : "reads",
		       writer ? dk : fk);
	pairs_note_side(c, d, other, role_verb(other, 0), role_verb(other, 1));
	rule_tree_threads(ctx, d, c);
	if (!strcmp(f1->file, f2->file) && !strcmp(fence->file, f1->file) &&
	    fence->line == f1->line + 1 && f2->line == fence->line + 1)
		tree_fix_swap_lines(d, f1->file, f1->line, f2->line);
}

/*
 * @r is ordered only by the dependency its first read asks for by name
 * (rcu_dereference(), a list iterator: order.c trusts it where the value
 * is lost), and its second read is a callee's at an address no load
 * computes (a global's field): the dependency does not reach it, and
 * nothing says which location is the flag (QEMU's
 * ram_state_resume_prepare() walks ram_list.blocks, then
 * ram_state_reset() reads ram_list.version).
 */
static bool trusted_dep_misses(const struct pair_candidate *c,
			       const struct pair_side *r)
{
	const struct fact_fn *rf = pairing_fn(c->set, r);
	const struct fact *r1 = pairing_first(c->set, r),
			  *r2 = pairing_second(c->set, r);

	return r->o.by == r1 && r1->cls == OC_DEP_LOAD && r2->adep < 0 &&
	       facts_via(rf, r2);
}

static void same_way(struct rule_tree_ctx *ctx, const struct rule *self,
		     const struct pair_candidate *c)
{
	const struct pair_side *w = c->a, *r = c->b;
	const struct fact_fn *wf = pairing_fn(c->set, w),
			     *rf = pairing_fn(c->set, r);
	bool ff, fs;

	if (w->o.ord != ORD_YES || r->o.ord != ORD_YES ||
	    !pairs_intends(c, w) || !pairs_intends(c, r) ||
	    own_fence(w->o.by) || own_fence(r->o.by) ||
	    trusted_dep_misses(c, r))
		return;
	ff = flag_first(c);
	fs = flag_second(c);
	if (ff == fs)
		return;
	/*
	 * Only the barriers made for this pairing: smp_wmb() on the writer,
	 * smp_rmb() on the reader. A full barrier between two stores or two
	 * loads is mostly there for store buffering with something else, and
	 * smp_acquire__after_ctrl_dep() pairs with the releases of the load
	 * before it.
	 */
	if (ff && w->o.by->op == FO_FENCE && w->o.by->cls == OC_FENCE_W &&
	    !touches(wf, w->j + 1, wf->n, w->k1, true))
		report_access_across(ctx, self, c, w, r);
	else if (fs && r->o.by->op == FO_FENCE && r->o.by->cls == OC_FENCE_R &&
		 !(r->o.by->flags & F_CTRL_DEP) &&
		 !touches(rf, 0, r->i, r->k2, false) &&
		 !touches(rf, r->j + 1, rf->n, r->k1, false))
		report_access_across(ctx, self, c, r, w);
}

void check_misplaced_barrier(struct rule_tree_ctx *ctx, const struct rule *self,
			     const struct pair_candidate *c)
{
	const struct fact *fence;

	if (c->shape == SHAPE_SAME_WAY) {
		same_way(ctx, self, c);
		return;
	}
	if (c->shape != SHAPE_MP && c->shape != SHAPE_S && c->shape != SHAPE_SB)
		return;
	if (pairs_intends(c, c->b) && (fence = misplaced_fence(c, c->a)))
		report_fence_outside(ctx, self, c, c->a, c->b, fence);
	else if (pairs_intends(c, c->a) && (fence = misplaced_fence(c, c->b)))
		report_fence_outside(ctx, self, c, c->b, c->a, fence);
}

bool misplaced_barrier_claims(struct rule_tree_ctx *ctx,
			      const struct rule *self,
			      const struct pair_candidate *c,
			      const struct pair_side *e)
{
	/* a fence it reported, with more to say than that it is unpaired */
	if (c->shape == SHAPE_BARRIER)
		return rule_tree_claimed(
			ctx, &c->set->fns[c->barrier->fn].v[c->barrier->at]);
	/* switched off, it leaves the finding to the older rules */
	return e && registry_enabled(self) && misplaced_fence(c, e);
}
