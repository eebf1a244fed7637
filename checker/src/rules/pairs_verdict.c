// SPDX-License-Identifier: GPL-2.0
/*
 * The verdict on a two-sided candidate (MP, S, SB, LB): each side's way
 * of ordering its two accesses mapped to a kind of herd7's verdict table
 * (vocab/verdicts.def, ../verdicts.h), the table's verdict, and, where the
 * outcome is allowed, which side a finding blames, with what fix (kinds
 * the table says forbid the outcome), and which rule of the family says
 * it. No verdict is written here: the table decides; what is judged here
 * is intent, whether an allowed outcome is a bug worth a finding.
 *
 * The rule of intent (the rule pages say it too): an allowed outcome is
 * reported where a side shows that it means to order its accesses. Strong:
 * an explicit fence of its own, an acquire or release access, xchg() in
 * store buffering, a barrier of the wrong kind. Weak: a dependency, an
 * exchange storing the flag, a C11 RMW, an unlock and a lock, a reader
 * testing the flag. None: other fully ordered RMWs (refcounts, bit flags),
 * side-effect and callees' barriers. A warning where the side not blamed
 * shows strong intent, else a remark. Two sides with nothing at all are
 * no protocol (unordered-flag looks at those with its own evidence).
 */
#include <stdio.h>
#include <string.h>

#include "../pairs/inline.h"
#include "../pairs/litmus.h"
#include "../vocab/verdicts.h"
#include "pairs_shapes.h"

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

bool pairs_c11(const struct pair_candidate *c)
{
	return (first(c, c->a)->flags & second(c, c->a)->flags &
		first(c, c->b)->flags & second(c, c->b)->flags & FA_C11) != 0;
}

/* A fence between the side's accesses of class @cls, or NULL. */
static const struct fact *fence_between(const struct pair_candidate *c,
					const struct pair_side *e, unsigned cls)
{
	const struct fact_fn *fn = pairing_fn(c->set, e);
	unsigned k;

	for (k = e->i + 1; k < e->j; k++)
		if (fn->v[k].op == FO_FENCE && fn->v[k].cls == cls &&
		    facts_compatible(fn, &fn->v[k], second(c, e)))
			return &fn->v[k];
	return NULL;
}

static bool is_acq(const struct fact *f)
{
	return fact_reads(f) && (f->cls == OC_ACQ_LOAD ||
				 f->cls == OC_RMW_ACQ || f->cls == OC_DEP_LOAD);
}

static bool is_rel(const struct fact *f)
{
	return fact_writes(f) && (f->cls == OC_REL_STORE ||
				  f->cls == OC_PUBLISH || f->cls == OC_RMW_REL);
}

/* The kind of a fence fact @by for a side whose first access is @x. */
static const char *fence_kind(const struct pair_candidate *c,
			      const struct pair_side *e, const struct fact *by,
			      bool c11)
{
	const struct fact *x = first(c, e), *y = second(c, e);

	switch (by->cls) {
	case OC_FENCE_W:
		return c11 ? NULL : "WMB";
	case OC_FENCE_R:
	case OC_FENCE_ACQ:
		if (c11)
			return by->cls == OC_FENCE_ACQ ? "FENCE_ACQ" : NULL;
		/* smp_acquire__after_ctrl_dep() (or smp_rmb()) in the `if` */
		return y->cdep == (int)e->i && fact_writes(y) ? "CTRL_ACQ" :
								"RMB";
	case OC_FENCE_REL:
		return c11 ? "FENCE_REL" : NULL;
	case OC_FENCE_ACQREL:
		return c11 ? "FENCE_ACQ_REL" : NULL;
	case OC_MOD_AFTER:
		if (c11)
			return NULL;
		return x->op == FO_RMW && x->cls == OC_RMW_RLX ?
			       "AFTER_ATOMIC" :
			       "MB";
	case OC_MOD_BEFORE:
		if (c11)
			return NULL;
		return y->op == FO_RMW && y->cls == OC_RMW_RLX ?
			       "BEFORE_ATOMIC" :
			       "MB";
	case OC_CBAR:
		return c11 ? "RLX" : "NONE";
	default:
		return c11 ? "FENCE_SC" : "MB";
	}
}

/*
 * Whether side (@x, @y) is ordered by an acquire of its own (it orders
 * what follows it) and a release (what precedes it); an access of class
 * @skip (or -1: none) gives neither.
 */
static void side_order(const struct fact *x, const struct fact *y,
		       enum pair_role role, int skip, bool *acq, bool *rel)
{
	bool xs = x->cls != skip, ys = y->cls != skip;

	*acq = (xs && fact_reads(x) && is_acq(x) && role != ROLE_WR) ||
	       (ys && fact_reads(y) && is_acq(y) && role == ROLE_WR);
	*rel = (ys && fact_writes(y) && is_rel(y) && role != ROLE_WR) ||
	       (xs && fact_writes(x) && is_rel(x) && role == ROLE_WR);
}

const char *pairs_side_kind(const struct pair_candidate *c,
			    const struct pair_side *e, bool c11)
{
	const struct fact *by = e->o.by, *x = first(c, e), *y = second(c, e);
	const char *what = e->o.what ? e->o.what : "";
	bool acq, rel;

	if (e->o.ord == ORD_UNKNOWN)
		return NULL;
	if (by && (by->op == FO_LOCK || by->op == FO_UNLOCK))
		return c11 ? NULL : "UNLOCK_LOCK";
	if (by && by->op == FO_FENCE)
		return fence_kind(c, e, by, c11);
	if (by && by->op == FO_CALL) /* a callee with a barrier that orders */
		return e->o.ord == ORD_YES ? (c11 ? "FENCE_SC" : "MB") : NULL;
	if (x->cls == OC_RMW_FULL || y->cls == OC_RMW_FULL ||
	    x->cls == OC_RMW_SC || y->cls == OC_RMW_SC ||
	    (by && by->op == FO_RMW &&
	     (by->cls == OC_RMW_FULL || by->cls == OC_RMW_SC)))
		return c11 ? "RMW_SC" : "RMW_MB";
	/*
	 * An acq_rel RMW beside an access with an order of its own (mimalloc's
	 * guard: an acquire load of the expiry, then the guard's
	 * compare-exchange): that access's order is the side's, which the
	 * RMW's kind alone does not say
	 */
	if (c11 && (x->cls == OC_RMW_ACQREL || y->cls == OC_RMW_ACQREL)) {
		side_order(x, y, e->role, OC_RMW_ACQREL, &acq, &rel);
		return acq && rel ? "ACQ_REL" :
		       acq	  ? "ACQ" :
		       rel	  ? "REL" :
				    "RMW_ACQ_REL";
	}
	if (strstr(what, "address"))
		return "ADDR";
	if (strstr(what, "control")) {
		if (!c11 && (fence_between(c, e, OC_FENCE_R) ||
			     fence_between(c, e, OC_FENCE_ACQ)))
			return "CTRL_ACQ";
		return "CTRL";
	}
	if (c11 && (x->flags & y->flags & F_SEQ_CST))
		return "SC";
	side_order(x, y, e->role, -1, &acq, &rel);
	/* an acquire RMW of the flag read again between (order.c) */
	if (!acq && e->o.ord == ORD_YES && by && by != x && by != y &&
	    strstr(what, "acquire"))
		acq = true;
	if (acq && rel)
		return "ACQ_REL";
	if (acq)
		return c11 ? "ACQ" : "ACQUIRE";
	if (rel)
		return c11 ? "REL" : "RELEASE";
	if (e->o.ord == ORD_YES)
		return NULL; /* ordered by something the table has no kind of */
	return c11 ? "RLX" : "NONE";
}

/* ---- intent ---- */

/* The fully ordered RMW of side @e is an exchange (xchg(), atomic_xchg()). */
static bool rmw_xchg(const struct pair_candidate *c, const struct pair_side *e)
{
	const struct fact *f[] = { first(c, e), second(c, e), e->o.by };
	unsigned k;

	for (k = 0; k < 3; k++)
		if (f[k] && f[k]->op == FO_RMW && f[k]->cls == OC_RMW_FULL &&
		    f[k]->name && strstr(f[k]->name, "xchg") &&
		    !strstr(f[k]->name, "cmpxchg"))
			return true;
	return false;
}

enum intent { INTENT_NONE, INTENT_WEAK, INTENT_STRONG };

/*
 * How much side @e shows it means to order its two accesses (see the
 * head of this file): pairs_intends() (pairs.c) is the strong kind, a
 * barrier or an acquire/release of the wrong kind too; a dependency, a
 * callee's barrier, an incidental RMW or an unlock-lock is weak.
 */
static enum intent intent(const struct pair_candidate *c,
			  const struct pair_side *e, const char *kind)
{
	const struct fact *by = e->o.by, *x = first(c, e), *y = second(c, e);
	const struct fact_fn *fn = pairing_fn(c->set, e);

	/* a control dependency is mostly there for its own ends */
	if (e->o.ord == ORD_YES && e->o.what && strstr(e->o.what, "control"))
		return INTENT_WEAK;
	if (pairs_intends(c, e) || pairs_own_fence(c, e))
		return INTENT_STRONG;
	/*
	 * A barrier a call makes as a side effect (a wake-up, a sleep, a
	 * schedule), or a callee's barrier, is there for ends of its own:
	 * no intent of this side (pairs.c's intends() says why)
	 */
	if (by && by->op == FO_FENCE &&
	    ((by->flags & (F_SIDE | F_WAKE | FA_SLEEP)) || facts_via(fn, by)))
		return INTENT_NONE;
	if (by && by->op == FO_CALL)
		return INTENT_NONE;
	if (e->o.ord == ORD_WRONG && by) {
		if (by->op == FO_FENCE && !facts_via(fn, by) &&
		    !(by->flags & (F_SIDE | F_WAKE)) && by->cls != OC_CBAR)
			return INTENT_STRONG;
		if (by->op == FO_LOAD || by->op == FO_STORE)
			return INTENT_STRONG; /* release/acquire in SB */
		if (by->op == FO_LOCK || by->op == FO_UNLOCK)
			return INTENT_WEAK;
	}
	/*
	 * A kernel RMW that orders fully does so whatever it is there for:
	 * refcounts and bit flags (test_and_set_bit(), atomic_dec_return())
	 * are most of them, and order incidentally (on Linux 6.1, 115 of 121
	 * remarks this drew were such). An exchange that stores the flag
	 * (xchg(), atomic_xchg(): smp_store_mb()'s way) is weak intent, as a
	 * C11 RMW, whose memory order is written out.
	 */
	if (!strcmp(kind, "RMW_MB"))
		return rmw_xchg(c, e) ? INTENT_WEAK : INTENT_NONE;
	if ((e->o.ord == ORD_YES && by) || !strncmp(kind, "RMW_", 4))
		return INTENT_WEAK;
	/*
	 * A reader that tests the flag before reading the data, where every
	 * access of both sides is marked (unordered-flag has its own word on
	 * the case it looks at: the rules this judges for yield it to it)
	 */
	if (e->role == ROLE_RR && y->cdep == (int)e->i &&
	    (x->flags & y->flags & first(c, c->a)->flags &
	     second(c, c->a)->flags & FA_MARKED))
		return INTENT_WEAK;
	return INTENT_NONE;
}

/* ---- fixes ---- */

/* What a side of @role may become, best first, by model. */
static const char *const *fix_kinds(const struct pair_side *e, bool c11,
				    bool fence)
{
	static const char *const lkmm[][2][4] = {
		[ROLE_WW] = { { "RELEASE", "WMB", "MB", NULL },
			      { "WMB", "MB", "RELEASE", NULL } },
		[ROLE_RR] = { { "ACQUIRE", "RMB", "MB", NULL },
			      { "RMB", "MB", "ACQUIRE", NULL } },
		[ROLE_RW] = { { "ACQUIRE", "RELEASE", "MB", NULL },
			      { "MB", "ACQUIRE", "RELEASE", NULL } },
		[ROLE_WR] = { { "MB", NULL }, { "MB", NULL } },
	};
	static const char *const rc11[][2][4] = {
		[ROLE_WW] = { { "REL", "FENCE_REL", "SC", NULL },
			      { "FENCE_REL", "REL", "SC", NULL } },
		[ROLE_RR] = { { "ACQ", "FENCE_ACQ", "SC", NULL },
			      { "FENCE_ACQ", "ACQ", "SC", NULL } },
		[ROLE_RW] = { { "ACQ", "REL", "SC", NULL },
			      { "FENCE_SC", "ACQ", "REL", NULL } },
		[ROLE_WR] = { { "SC", "FENCE_SC", NULL },
			      { "FENCE_SC", "SC", NULL } },
	};

	if (e->role > ROLE_WR)
		return NULL;
	return c11 ? rc11[e->role][fence] : lkmm[e->role][fence];
}

static enum verdict lookup(const struct pair_judgement *j, const char *k0,
			   const char *k1, const char **test)
{
	return verdict_lookup(j->model, j->shape, k0, k1, test);
}

/* A fix of one side, @side 0 (c->a) or 1: true with j->fix set. */
static bool fix_one(const struct pair_candidate *c, struct pair_judgement *j,
		    unsigned side)
{
	const struct pair_side *e = side ? c->b : c->a;
	bool fence = e->o.by && e->o.by->op == FO_FENCE;
	const char *const *k = fix_kinds(e, j->c11, fence);
	const char *test;

	for (; k && *k; k++) {
		const char *k0 = side ? j->kind[0] : *k;
		const char *k1 = side ? *k : j->kind[1];

		if (lookup(j, k0, k1, &test) == VERDICT_FORBIDDEN) {
			j->fix[0] = k0;
			j->fix[1] = k1;
			j->fix_test = test;
			return true;
		}
	}
	return false;
}

static bool fix_both(const struct pair_candidate *c, struct pair_judgement *j)
{
	const char *const *a = fix_kinds(c->a, j->c11, false), *const * b;
	const char *test;

	for (; a && *a; a++)
		for (b = fix_kinds(c->b, j->c11, false); b && *b; b++)
			if (lookup(j, *a, *b, &test) == VERDICT_FORBIDDEN) {
				j->fix[0] = *a;
				j->fix[1] = *b;
				j->fix_test = test;
				return true;
			}
	return false;
}

static bool none_kind(const char *k)
{
	return !strcmp(k, "NONE") || !strcmp(k, "RLX") || !strcmp(k, "CTRL") ||
	       !strcmp(k, "ADDR");
}

/* The rule that says it, blaming side @at (0: c->a, 1: c->b). */
static const char *rule_for(const struct pair_candidate *c,
			    const struct pair_judgement *j, unsigned at)
{
	bool none = none_kind(j->kind[at]);

	switch (c->shape) {
	case SHAPE_MP:
	case SHAPE_S:
		if (!none)
			return "pair-wrong-barrier";
		return at ? "pair-missing-acquire" : "pair-missing-release";
	case SHAPE_SB:
		return none ? "sb-needs-full-barrier" : "pair-wrong-barrier";
	case SHAPE_LB:
		return "lb-needs-order";
	case SHAPE_R:
		return "r-needs-order";
	case SHAPE_2P2W:
		return "two-plus-two-w-needs-order";
	default:
		return NULL;
	}
}

static void judge(const struct pair_candidate *c, struct pair_judgement *j)
{
	enum intent ia, ib;
	bool fa, fb, sym = pairing_shape(c->shape)->symmetric;
	unsigned at;
	struct pair_judgement one;

	memset(j, 0, sizeof(*j));
	/* a shape herd7's table has: the row says, not its place */
	if (!pairing_shape(c->shape)->verdicts || !c->a || !c->b)
		return;
	j->c11 = pairs_c11(c);
	j->model = j->c11 ? "RC11" : "LKMM";
	j->shape = pairing_shape(c->shape)->verdicts;
	j->kind[0] = pairs_side_kind(c, c->a, j->c11);
	j->kind[1] = pairs_side_kind(c, c->b, j->c11);
	if (!j->kind[0] || !j->kind[1])
		return;
	j->v = lookup(j, j->kind[0], j->kind[1], &j->test);
	if (j->v != VERDICT_ALLOWED)
		return;
	ia = intent(c, c->a, j->kind[0]);
	ib = intent(c, c->b, j->kind[1]);
	if (ia == INTENT_NONE && ib == INTENT_NONE)
		return;
	/* which side's change alone forbids the outcome */
	one = *j;
	fa = fix_one(c, &one, 0);
	one = *j;
	fb = fix_one(c, &one, 1);
	if (fa && !fb)
		at = 0;
	else if (fb && !fa)
		at = 1;
	else if (ia != ib) /* both or neither: the side that shows less */
		at = ia < ib ? 0 : 1;
	else if ((c->a->o.ord == ORD_WRONG) != (c->b->o.ord == ORD_WRONG))
		at = c->a->o.ord == ORD_WRONG ? 0 : 1;
	else
		at = sym ? 0 : 1;
	/* where neither can alone, blame the side with the wrong barrier */
	if (!fa && !fb &&
	    (c->a->o.ord == ORD_WRONG) != (c->b->o.ord == ORD_WRONG))
		at = c->a->o.ord == ORD_WRONG ? 0 : 1;
	if (!(at ? fb : fa) ? !fix_both(c, j) : !fix_one(c, j, at))
		return;
	/* SB, LB and 2+2W come both ways round: say it on the side blamed */
	if (sym && at)
		return;
	j->at = at ? c->b : c->a;
	j->rule = rule_for(c, j, at);
	/*
	 * A warning where the side not blamed shows strong intent: the
	 * protocol is that side's, and the blamed side breaks it. Where only
	 * the blamed side does (a barrier of the wrong kind facing nothing),
	 * or the shape is S and the writer is blamed (on Linux 6.1 such
	 * writers set up objects nobody sees yet), a remark.
	 */
	j->weak = (at ? ia : ib) != INTENT_STRONG ||
		  (c->shape == SHAPE_S && at == 0);
}

const struct pair_judgement *pairs_judge(const struct pair_candidate *c)
{
	static struct pair_judgement j;

	judge(c, &j);
	return &j;
}

const char *pairs_fix_text(const struct pair_candidate *c,
			   const struct pair_side *e, const char *kind,
			   char *buf, size_t n)
{
	char k[128];
	const struct fact *x = first(c, e), *y = second(c, e);
	/* the access a load or store kind marks */
	const struct fact *load = e->role == ROLE_WR ? y : x;
	const struct fact *store = e->role == ROLE_WR ? x : y;

	if (!strcmp(kind, "RELEASE") || !strcmp(kind, "REL")) {
		litmus_key_text(store->key, k, sizeof(k));
		snprintf(buf, n,
			 !strcmp(kind, "REL") ?
				 "memory_order_release on the store to '%s'" :
				 "smp_store_release() for '%s'",
			 k);
	} else if (!strcmp(kind, "ACQUIRE") || !strcmp(kind, "ACQ")) {
		litmus_key_text(load->key, k, sizeof(k));
		snprintf(buf, n,
			 !strcmp(kind, "ACQ") ?
				 "memory_order_acquire on the load of '%s'" :
				 "smp_load_acquire() for '%s'",
			 k);
	} else if (!strcmp(kind, "WMB"))
		snprintf(buf, n, "smp_wmb() between");
	else if (!strcmp(kind, "RMB"))
		snprintf(buf, n, "smp_rmb() between");
	else if (!strcmp(kind, "MB"))
		snprintf(buf, n, "smp_mb() between");
	else if (!strcmp(kind, "SC"))
		snprintf(buf, n, "memory_order_seq_cst on both accesses");
	else if (!strncmp(kind, "FENCE_", 6))
		snprintf(buf, n, "atomic_thread_fence(memory_order_%s) between",
			 !strcmp(kind, "FENCE_ACQ")	? "acquire" :
			 !strcmp(kind, "FENCE_REL")	? "release" :
			 !strcmp(kind, "FENCE_ACQ_REL") ? "acq_rel" :
							  "seq_cst");
	else
		snprintf(buf, n, "%s", kind);
	return buf;
}
