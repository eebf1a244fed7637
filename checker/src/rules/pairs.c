// SPDX-License-Identifier: GPL-2.0
/*
 * The pairing family: tree rules, each judging the candidates that the
 * pairing engine (../pairs/pairing.c) finds in the facts of the whole tree
 * after every file is checked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../pairs/inline.h"
#include "../pairs/litmus.h"
#include "../pairs/pairing.h"
#include "../util.h"
#include "../vocab/verdicts.h"
#include "../vocab/vocab.h"
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

/*
 * Side @e's own explicit fence between its two accesses, of a kind that
 * orders them, where what order_between() took as the ordering is a call
 * or a callee's barrier that came first (netlink_insert(): the full
 * barrier of __netlink_insert()'s hash table insert, then its own
 * smp_wmb() before the flag): the fence is the side's intent all the
 * same, and messages name it. Not a wake-up's or a sleeper's.
 */
const struct fact *pairs_own_fence(const struct pair_candidate *c,
				   const struct pair_side *e)
{
	static const unsigned need[] = {
		[ROLE_WW] = VO_WW, [ROLE_RR] = VO_RR,	   [ROLE_RW] = VO_RW,
		[ROLE_WR] = VO_WR, [ROLE_WW_LEAD] = VO_WW,
	};
	const struct fact_fn *fn = pairing_fn(c->set, e);
	const struct fact *by = e->o.by, *a = first(c, e), *b = second(c, e);
	unsigned k;

	if (e->o.ord != ORD_YES || !by ||
	    !(by->op == FO_CALL || facts_via(fn, by)))
		return NULL;
	for (k = e->i + 1; k < e->j; k++) {
		const struct fact *f = &fn->v[k];

		if (f->op == FO_FENCE && !facts_via(fn, f) &&
		    !(f->flags & (F_SIDE | F_WAKE | FA_SLEEP)) &&
		    (order_fence_mask(f) & need[e->role]) &&
		    facts_compatible(fn, a, f) && facts_compatible(fn, f, b))
			return f;
	}
	return NULL;
}

/* What side @e shows it orders by: its own fence, else its ordering. */
static struct ordering shown(const struct pair_candidate *c,
			     const struct pair_side *e)
{
	const struct fact *f = pairs_own_fence(c, e);
	struct ordering o = { ORD_YES, f, f ? f->name : NULL };

	return f ? o : e->o;
}

/* The ordering of side @e, for messages. */
static const char *side_how(const struct pair_candidate *c,
			    const struct pair_side *e, char *buf, size_t n)
{
	struct ordering o = shown(c, e);

	return how_text(pairing_fn(c->set, e), &o, buf, n);
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
	struct ordering o = shown(c, e);

	litmus_key_text(e->k1, k, sizeof(k));
	litmus_key_text(e->k2, k2, sizeof(k2));
	rule_tree_note(d, first(c, e), "%s() %s '%s' here", fname(c, e), verb1,
		       k);
	note_callee(c, d, e, first(c, e), k);
	if (o.by && o.by != first(c, e) && o.by != second(c, e))
		rule_tree_note(d, o.by,
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
 * (the engine pairs it only where the other side marks and orders it, or
 * keeps it plain and orders with a fence): besides the missing order, the
 * plain access races with the other side's.
 */
static void note_plain_flag(const struct pair_candidate *c, struct oc_diag *d)
{
	const struct pair_side *sides[] = { c->a, c->b };
	const struct fact *flag;
	/* both plain: the other side's fence shows the protocol */
	const char *how = pairing_plain_flag(c->set, c->a) &&
					  pairing_plain_flag(c->set, c->b) ?
				  "a plain" :
				  "a marked";
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
				"%s() reads it as %s flag: a data race; "
				"use WRITE_ONCE() (or smp_store_release(), "
				"which also orders the stores before it)",
				k, fname(c, c->b), how);
		else
			rule_tree_note(
				d, flag,
				"'%s' is read with a plain access here, but "
				"%s() writes it as %s flag: a data race "
				"the compiler may fuse, tear or hoist out of a "
				"loop; use READ_ONCE() (or smp_load_acquire(), "
				"which also orders the accesses after it)",
				k, fname(c, c->a), how);
	}
}

/* The finding's litmus test, and its fix's (pairs_verdict.c). */
static void rule_tree_litmus_fix(struct rule_tree_ctx *ctx,
				 const struct oc_diag *d,
				 const struct rule *self,
				 const struct pair_candidate *c,
				 const struct pair_judgement *j)
{
	rule_tree_litmus_kinds(ctx, d, self, c, j->kind, j->fix);
}

static const char *acquire_fix(const struct pair_candidate *c,
			       const struct pair_side *r)
{
	return (first(c, r)->flags & FA_C11) ?
		       "memory_order_acquire on the load of" :
		       "smp_load_acquire() for";
}

/* The table's judgement of @c, if it names @self to say it. */
static const struct pair_judgement *judged(const struct pair_candidate *c,
					   const struct rule *self)
{
	const struct pair_judgement *j = pairs_judge(c);

	return j->rule && !strcmp(j->rule, self->id) ? j : NULL;
}

/*
 * The fix herd7's table forbids the outcome with: "smp_load_acquire() for
 * 'y'", or for both sides "smp_wmb() between in f() and smp_rmb() between
 * in g()".
 */
static const char *fix_text(const struct pair_candidate *c,
			    const struct pair_judgement *j, char *buf, size_t n)
{
	char t0[160], t1[160];
	bool c0 = strcmp(j->fix[0], j->kind[0]) != 0;
	bool c1 = strcmp(j->fix[1], j->kind[1]) != 0;

	pairs_fix_text(c, c->a, j->fix[0], t0, sizeof(t0));
	pairs_fix_text(c, c->b, j->fix[1], t1, sizeof(t1));
	if (c0 && c1)
		snprintf(buf, n, "%s in %s() and %s in %s()", t0,
			 fname(c, c->a), t1, fname(c, c->b));
	else
		snprintf(buf, n, "%s", c0 ? t0 : t1);
	return buf;
}

/* The finding is a remark where only weak intent shows (pairs_verdict.c). */
static void grade(struct oc_diag *d, const struct pair_judgement *j)
{
	if (j->weak)
		d->sev = SEV_NOTE;
}

/* The side @e is unchanged by the fix. */
static bool kept(const struct pair_candidate *c, const struct pair_judgement *j,
		 const struct pair_side *e)
{
	unsigned k = e == c->b;

	return !strcmp(j->fix[k], j->kind[k]);
}

/*
 * MP and S, blamed on the reader (R b; x a) by herd7's table: nothing
 * orders its accesses, and the writer (W a; W b) orders or the fix needs
 * both.
 */
static void check_pair_missing_acquire(struct rule_tree_ctx *ctx,
				       const struct rule *self,
				       const struct pair_candidate *c)
{
	const struct pair_side *w = c->a, *r = c->b;
	const struct pair_judgement *j = judged(c, self);
	char a[128], b[128], h[128], fx[400];
	struct oc_diag *d;
	bool classic;

	if (!j || rule_yields(ctx, self, c, r) ||
	    !rule_tree_first(ctx, self, r->fn, r->k1, r->k2))
		return;
	litmus_key_text(w->k1, a, sizeof(a));
	litmus_key_text(w->k2, b, sizeof(b));
	classic = kept(c, j, w) && w->o.ord == ORD_YES &&
		  (!strcmp(j->fix[1], "ACQUIRE") || !strcmp(j->fix[1], "ACQ"));
	fix_text(c, j, fx, sizeof(fx));
	if (c->shape == SHAPE_MP && classic)
		d = rule_tree_report(
			ctx, self, r->fn, second(c, r),
			"'%s' is read after '%s' with nothing ordering the "
			"two reads, but %s() orders its stores to them with "
			"%s: use %s '%s' (or smp_rmb() between)",
			a, b, fname(c, w), side_how(c, w, h, sizeof(h)),
			acquire_fix(c, r), b);
	else if (c->shape == SHAPE_MP)
		d = rule_tree_report(
			ctx, self, r->fn, second(c, r),
			"'%s' is read after '%s' with nothing ordering the "
			"two reads, and %s() stores them with %s: the reader "
			"can see the new '%s' and the old '%s' (herd7: %s is "
			"allowed); use %s",
			a, b, fname(c, w), side_how(c, w, h, sizeof(h)), b, a,
			j->test, fx);
	else if (classic)
		d = rule_tree_report(
			ctx, self, r->fn, second(c, r),
			"'%s' is stored after '%s' is read with nothing "
			"ordering them, but %s() orders its store to '%s' "
			"before '%s' with %s: its store can overwrite this "
			"one; use %s '%s'",
			a, b, fname(c, w), a, b, side_how(c, w, h, sizeof(h)),
			acquire_fix(c, r), b);
	else
		d = rule_tree_report(
			ctx, self, r->fn, second(c, r),
			"'%s' is stored after '%s' is read with nothing "
			"ordering them, and %s() stores '%s' before '%s' with "
			"%s: its store can overwrite this one (herd7: %s is "
			"allowed); use %s",
			a, b, fname(c, w), a, b, side_how(c, w, h, sizeof(h)),
			j->test, fx);
	grade(d, j);
	note_side(c, d, r, "reads", c->shape == SHAPE_MP ? "reads" : "stores");
	note_side(c, d, w, "stores", "stores");
	note_plain_flag(c, d);
	rule_tree_litmus_fix(ctx, d, self, c, j);
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
 * MP and S, blamed on the writer by herd7's table: nothing orders its
 * stores. A dependency-ordered reader counts only where the writer stores
 * the pointer with WRITE_ONCE() after the field and publishes nothing
 * after (dependency_reader_trusts(), pairs_publish.c): other writers of
 * such readers mostly initialise an object that a later release
 * publishes.
 */
static void check_pair_missing_release(struct rule_tree_ctx *ctx,
				       const struct rule *self,
				       const struct pair_candidate *c)
{
	const struct pair_side *w = c->a, *r = c->b;
	const struct pair_judgement *j = judged(c, self);
	char a[128], b[128], h[128], h2[128], fx[400];
	struct oc_diag *d;
	bool dep;

	if (!j)
		return;
	dep = c->shape == SHAPE_MP && r->o.what &&
	      strstr(r->o.what, "dependency");
	if ((dep ? !dependency_reader_trusts(c) : initialising(c, w)) ||
	    rule_yields(ctx, self, c, w) ||
	    !rule_tree_first(ctx, self, w->fn, w->k1, w->k2))
		return;
	litmus_key_text(w->k1, a, sizeof(a));
	litmus_key_text(w->k2, b, sizeof(b));
	fix_text(c, j, fx, sizeof(fx));
	if (c->shape == SHAPE_MP && dep && kept(c, j, r))
		d = rule_tree_report(
			ctx, self, w->fn, second(c, w),
			"'%s' is stored with %s after '%s' with nothing "
			"ordering the two stores, but %s() reads '%s' through "
			"the pointer it loads from '%s' and trusts %s to "
			"order them: use rcu_assign_pointer() or "
			"smp_store_release() for '%s'",
			b, store_text(second(c, w), h2, sizeof(h2)), a,
			fname(c, r), a, b, side_how(c, r, h, sizeof(h)), b);
	else if (c->shape == SHAPE_MP && kept(c, j, r) && r->o.ord == ORD_YES)
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
	else if (c->shape == SHAPE_MP)
		d = rule_tree_report(
			ctx, self, w->fn, second(c, w),
			"'%s' is stored after '%s' with nothing ordering "
			"the two stores, and %s() reads them in the other "
			"order with %s (herd7: %s is allowed): use %s",
			b, a, fname(c, r), side_how(c, r, h, sizeof(h)),
			j->test, fx);
	else
		d = rule_tree_report(
			ctx, self, w->fn, second(c, w),
			"'%s' is stored after '%s' with nothing ordering "
			"the two stores, and %s() reads '%s' and then stores "
			"'%s' with %s: its store can come before this one "
			"(herd7: %s is allowed); use %s",
			b, a, fname(c, r), b, a, side_how(c, r, h, sizeof(h)),
			j->test, fx);
	grade(d, j);
	note_side(c, d, w, "stores", "stores");
	note_side(c, d, r, "reads", c->shape == SHAPE_MP ? "reads" : "stores");
	note_plain_flag(c, d);
	rule_tree_litmus_fix(ctx, d, self, c, j);
}

/*
 * MP and S: herd7's table blames a side that orders with a barrier (or an
 * acquire or release) of the wrong kind.
 */
static void wrong_barrier_mp(struct rule_tree_ctx *ctx, const struct rule *self,
			     const struct pair_candidate *c,
			     const struct pair_judgement *j)
{
	const struct pair_side *w = c->a, *r = c->b, *bad = j->at;
	char a[128], b[128], h[128], fx[400];
	struct oc_diag *d;
	const struct fact *at;

	if ((pairing_plain_flag(c->set, w) && initialising(c, w)) ||
	    !rule_tree_first(ctx, self, bad->fn, bad->k1, bad->k2))
		return;
	litmus_key_text(w->k1, a, sizeof(a));
	litmus_key_text(w->k2, b, sizeof(b));
	at = bad->o.by ? bad->o.by : second(c, bad);
	fix_text(c, j, fx, sizeof(fx));
	if (c->shape == SHAPE_MP && bad->o.ord == ORD_WRONG &&
	    kept(c, j, bad == w ? r : w) &&
	    !strcmp(j->fix[bad == r], bad == w ? "WMB" : "RMB"))
		d = rule_tree_report(ctx, self, bad->fn, at,
				     "%s does not order the %s of '%s' and "
				     "'%s' that %s() %s in the other order: "
				     "use %s",
				     side_how(c, bad, h, sizeof(h)),
				     bad == w ? "stores" : "loads",
				     bad == w ? a : b, bad == w ? b : a,
				     fname(c, bad == w ? r : w),
				     bad == w ? "reads" : "writes",
				     bad == w ? "smp_wmb()" : "smp_rmb()");
	else
		d = rule_tree_report(
			ctx, self, bad->fn, at,
			"%s does not order the %s of '%s' and '%s' that "
			"%s() %s in the other order (herd7: %s is allowed): "
			"use %s",
			side_how(c, bad, h, sizeof(h)),
			bad == w	     ? "stores" :
			c->shape == SHAPE_MP ? "loads" :
					       "load and the store",
			bad == w ? a : b, bad == w ? b : a,
			fname(c, bad == w ? r : w),
			bad == w ? "accesses" : "writes", j->test, fx);
	grade(d, j);
	note_side(c, d, w, "stores", "stores");
	note_side(c, d, r, "reads", c->shape == SHAPE_MP ? "reads" : "stores");
	note_plain_flag(c, d);
	rule_tree_litmus_fix(ctx, d, self, c, j);
}

/*
 * A shape's words (shapes.def) with its slots filled in: {a}, {b}, {A},
 * {B}, {A-how}, {B-how}, {test}, {fix}, as @words names them. A slot of
 * no such name stays as it is.
 */
static char *fill(const char *tmpl, const char *const words[][2],
		  unsigned nwords)
{
	struct strbuf out = { 0 };
	const char *end;
	size_t n, len;
	unsigned k;

	while (*tmpl) {
		if (*tmpl == '{' && (end = strchr(tmpl, '}'))) {
			len = (size_t)(end - tmpl - 1);
			for (k = 0; k < nwords; k++)
				if (strlen(words[k][0]) == len &&
				    !strncmp(tmpl + 1, words[k][0], len))
					break;
			if (k < nwords) {
				/* a missing word as printf() prints it */
				sb_puts(&out,
					words[k][1] ? words[k][1] : "(null)");
				tmpl = end + 1;
				continue;
			}
		}
		/* the text up to the next slot */
		n = strcspn(tmpl + 1, "{") + 1;
		sb_add(&out, tmpl, n);
		tmpl += n;
	}
	return sb_detach(&out);
}

bool pairs_side_reads(const struct pair_side *e, unsigned k)
{
	return k ? e->role == ROLE_WR || e->role == ROLE_RR :
		   e->role == ROLE_RW || e->role == ROLE_RR;
}

/* "stores" or "loads": what side @e's @k-th access does, for its notes. */
static const char *verb(const struct pair_side *e, unsigned k)
{
	return pairs_side_reads(e, k) ? "loads" : "stores";
}

/*
 * SB, LB, R and 2+2W: the side @x that herd7's table blames (SB, LB and
 * 2+2W, symmetric, are said on c->a) reported in its shape's words
 * (shapes.def: bare where @x orders nothing, mb where smp_mb() alone
 * fixes it, else message), with the notes of both sides. SB's rules are
 * sb-needs-full-barrier (nothing on @x) and pair-wrong-barrier (the wrong
 * kind), the others' one each.
 */
static void report_shape(struct rule_tree_ctx *ctx, const struct rule *self,
			 const struct pair_candidate *c,
			 const struct pair_judgement *j)
{
	const struct shape_row *s = pairing_shape(c->shape);
	const struct pair_side *x = j->at, *y = x == c->a ? c->b : c->a;
	unsigned ix = x == c->b;
	bool bare = x->o.ord == ORD_NONE || !x->o.by;
	char a[128], b[128], ha[128], hb[128], fx[400], *text;
	const char *tmpl = s->message;
	const char *const words[][2] = {
		{ "a", a },
		{ "b", b },
		{ "A", fname(c, c->a) },
		{ "B", fname(c, c->b) },
		{ "A-how", side_how(c, c->a, ha, sizeof(ha)) },
		{ "B-how", side_how(c, c->b, hb, sizeof(hb)) },
		{ "test", j->test },
		{ "fix", fx },
	};
	unsigned nwords = sizeof(words) / sizeof(words[0]);
	struct oc_diag *d;

	if (!rule_tree_first(ctx, self, x->fn, x->k1, x->k2))
		return;
	litmus_key_text(c->a->k1, a, sizeof(a));
	litmus_key_text(c->a->k2, b, sizeof(b));
	fix_text(c, j, fx, sizeof(fx));
	if (s->acquire_fix && kept(c, j, y) && !strcmp(j->fix[ix], "ACQUIRE")) {
		text = fill(s->acquire_fix, words, nwords);
		snprintf(fx, sizeof(fx), "%s", text);
		free(text);
	}
	if (bare && s->bare)
		tmpl = s->bare;
	else if (!bare && s->mb && !j->c11 && !strcmp(j->fix[ix], "MB") &&
		 kept(c, j, y) && y->o.ord == ORD_YES)
		tmpl = s->mb;
	text = fill(tmpl, words, nwords);
	d = rule_tree_report(ctx, self, x->fn, bare ? second(c, x) : x->o.by,
			     "%s", text);
	free(text);
	grade(d, j);
	note_side(c, d, c->a, verb(c->a, 0), verb(c->a, 1));
	note_side(c, d, c->b, verb(c->b, 0), verb(c->b, 1));
	rule_tree_litmus_fix(ctx, d, self, c, j);
}

static void check_pair_wrong_barrier(struct rule_tree_ctx *ctx,
				     const struct rule *self,
				     const struct pair_candidate *c)
{
	const struct pair_judgement *j = judged(c, self);

	if (!j || rule_yields(ctx, self, c, j->at))
		return;
	if (is_mp_or_s(c))
		wrong_barrier_mp(ctx, self, c, j);
	else if (c->shape == SHAPE_SB)
		report_shape(ctx, self, c, j);
}

/*
 * The rules of one shape each (SB with nothing on the side blamed, LB,
 * R, 2+2W): the judgement names the rule, the shape's row says it.
 */
static void check_needs_order(struct rule_tree_ctx *ctx,
			      const struct rule *self,
			      const struct pair_candidate *c)
{
	const struct pair_judgement *j = judged(c, self);

	if (j && !rule_yields(ctx, self, c, j->at))
		report_shape(ctx, self, c, j);
}

/* SB blamed by herd7's table on a side with nothing between. */
static void check_sb_needs_full_barrier(struct rule_tree_ctx *ctx,
					const struct rule *self,
					const struct pair_candidate *c)
{
	check_needs_order(ctx, self, c);
}

/* LB (R a; W b || R b; W a): each load can read the other's later store. */
static void check_lb_needs_order(struct rule_tree_ctx *ctx,
				 const struct rule *self,
				 const struct pair_candidate *c)
{
	check_needs_order(ctx, self, c);
}

/*
 * R (W a; W b || W b; R a): the second side's store to b can be the last
 * while its load misses a.
 */
static void check_r_needs_order(struct rule_tree_ctx *ctx,
				const struct rule *self,
				const struct pair_candidate *c)
{
	check_needs_order(ctx, self, c);
}

/* 2+2W (W a; W b || W b; W a): each first store can be the one that lasts. */
static void check_two_plus_two_w_needs_order(struct rule_tree_ctx *ctx,
					     const struct rule *self,
					     const struct pair_candidate *c)
{
	check_needs_order(ctx, self, c);
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
	if (rule_yields(ctx, self, c, NULL)) /* misplaced-barrier said more */
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

/* ---- pair-named-partner-unordered ---- */

/* What the partner of @fence needs and lacks, for the message. */
static const char *partner_needs(const struct fact *fence)
{
	switch (fence->cls) {
	case OC_FENCE_W:
	case OC_FENCE_REL:
		return "its read barrier (smp_rmb(), an acquire, or a "
		       "dependency) is missing";
	case OC_FENCE_R:
	case OC_FENCE_ACQ:
		return "its write barrier (smp_wmb(), or a release) is missing";
	default:
		return "its full barrier (smp_mb(), or a fully ordered atomic) "
		       "is missing";
	}
}

/*
 * Linux documents a barrier pair on both sides ("Pairs with smp_rmb() in
 * foo()", memory-barriers.txt, "SMP barrier pairing"). When one side's
 * barrier is dropped or weakened the other side's comment still names
 * it: a function that orders nothing at all (no fence, acquire, release,
 * ordered atomic, dependency, lock or wait, in it or in the callees we
 * can see) cannot be the partner of a CPU barrier.
 */
static void check_pair_named_partner_unordered(struct rule_tree_ctx *ctx,
					       const struct rule *self,
					       const struct pair_candidate *c)
{
	const struct named_partner *np = c->named;
	const struct fact_fn *f, *g;
	const struct fact *fence, *at;
	struct oc_diag *d;

	if (c->shape != SHAPE_NAMED || np->problem != NAMED_PARTNER_UNORDERED)
		return;
	f = &c->set->fns[c->barrier->fn];
	fence = &f->v[c->barrier->at];
	g = &c->set->fns[np->pfn];
	at = np->at ? np->at : &g->v[0];
	if (!rule_tree_first(ctx, self, np->pfn, np->partner, fence->name))
		return;
	d = rule_tree_report(ctx, self, np->pfn, at,
			     "%s() orders none of its accesses, but the "
			     "comment beside %s() in %s() says the two pair: "
			     "%s",
			     np->partner, fence->name, f->name,
			     partner_needs(fence));
	rule_tree_note(d, fence, "%s() here: \"%.120s\"", fence->name,
		       np->comment);
}

/* ---- pair-compiler-barrier ---- */

/*
 * barrier() keeps the compiler from moving accesses across it, not the
 * CPU (memory-barriers.txt, "COMPILER BARRIER"): a comment that pairs it
 * with another CPU's smp_wmb() or release describes an smp_rmb() that is
 * not there. A barrier() paired with a barrier() (kcov's interrupt
 * handshake, one CPU) is right and not looked at.
 */
static void check_pair_compiler_barrier(struct rule_tree_ctx *ctx,
					const struct rule *self,
					const struct pair_candidate *c)
{
	const struct named_partner *np = c->named;
	const struct fact *fence;

	if (c->shape != SHAPE_NAMED || np->problem != NAMED_COMPILER_ONLY)
		return;
	fence = &c->set->fns[c->barrier->fn].v[c->barrier->at];
	rule_tree_report(ctx, self, c->barrier->fn, fence,
			 "%s() orders only the compiler, but the comment "
			 "beside it pairs it with another CPU's barrier "
			 "(\"%.100s\"): that CPU can see the accesses around "
			 "it in any order; use %s",
			 fence->name, np->comment, np->cpu_fix);
}

static const struct rule rules[] = {
	{ "pair-missing-acquire", SEV_WARNING, FIX_NONE,
	  ON_TREE_YIELDS(check_pair_missing_acquire, RULE_REMARKS_OPT_IN,
			 "misplaced-barrier unordered-flag ctrl-dep-load-load "
			 "ctrl-dep-c11-relaxed addr-dep-plain-load "
			 "addr-dep-c11-relaxed"),
	  "the writer orders two stores (`smp_wmb()`, release, "
	  "`rcu_assign_pointer()`, `smp_mb()`); a reader reads them in the "
	  "other order with nothing ordering its reads (MP), or stores after "
	  "its read (S); herd7's table allows the outcome" },
	{ "pair-missing-release", SEV_WARNING, FIX_NONE,
	  ON_TREE_YIELDS(check_pair_missing_release, RULE_REMARKS_OPT_IN,
			 "misplaced-barrier unordered-flag"),
	  "the reader orders its reads (rmb, acquire, or a dependency on a "
	  "pointer stored with `WRITE_ONCE()`), or its read before its store "
	  "(S); the writer does not order its stores; herd7's table allows "
	  "the outcome" },
	{ "pair-wrong-barrier", SEV_WARNING, FIX_NONE,
	  ON_TREE_YIELDS(check_pair_wrong_barrier, RULE_REMARKS_OPT_IN,
			 "wake-missing-barrier"),
	  "a side orders with the wrong kind: `smp_rmb()` between stores, "
	  "`smp_wmb()` between loads, release/acquire for store buffering; "
	  "herd7's table allows the outcome" },
	{ "sb-needs-full-barrier", SEV_WARNING, FIX_NONE,
	  ON_TREE_YIELDS(check_sb_needs_full_barrier, 0,
			 "misplaced-barrier wake-missing-barrier"),
	  "store buffering (a store then a load on each side) with one side "
	  "ordering (`smp_mb()`, `xchg()`, release/acquire) and nothing on the "
	  "other: herd7's table allows both loads to miss" },
	{ "lb-needs-order", SEV_WARNING, FIX_NONE,
	  ON_TREE(check_lb_needs_order),
	  "load buffering (a load then a store on each side) with a side "
	  "ordering (`smp_mb()`, acquire, release, a dependency, an RMW) and "
	  "the other not enough: herd7's verdict table says each load can "
	  "read the other's later store" },
	{ "r-needs-order", SEV_NOTE, FIX_NONE,
	  ON_TREE_FLAGS(check_r_needs_order, RULE_OPT_IN),
	  "the R shape (two stores on one side; a store to the second "
	  "location, then a load of the first, on the other) with a side "
	  "ordering and the other not enough: herd7's table says the load "
	  "can miss the store while the other store is overwritten "
	  "(opt-in: `-Wr-needs-order`)" },
	{ "two-plus-two-w-needs-order", SEV_NOTE, FIX_NONE,
	  ON_TREE_FLAGS(check_two_plus_two_w_needs_order, RULE_OPT_IN),
	  "2+2W (two stores on each side, in opposite orders) with a side "
	  "ordering and the other not enough: herd7's table says each side's "
	  "first store can be the one that lasts "
	  "(opt-in: `-Wtwo-plus-two-w-needs-order`)" },
	{ "pair-unpaired-barrier", SEV_NOTE, FIX_NONE,
	  ON_TREE_YIELDS(check_pair_unpaired_barrier, RULE_OPT_IN,
			 "misplaced-barrier"),
	  "an `smp_wmb()`/`smp_rmb()` whose flag others access but that nobody "
	  "reads (writes) in the other order, or whose \"pairs with\" comment "
	  "names a function not in the tree (opt-in: "
	  "`-Wpair-unpaired-barrier`; on Linux 6.1 its partners were mostly "
	  "there, out of the pairing's sight)" },
	{ "misplaced-barrier", SEV_WARNING, FIX_SAFE,
	  ON_TREE_CLAIMS(check_misplaced_barrier, misplaced_barrier_claims),
	  "the barrier is there but an access is on the wrong side of it: the "
	  "flag stored before `smp_wmb()`, `smp_rmb()` before the flag read or "
	  "after both reads, against a partner that orders the documented way" },
	{ "unordered-flag", SEV_WARNING, FIX_NONE,
	  ON_TREE_CLAIMS(check_unordered_flag, unordered_flag_takes),
	  "a `WRITE_ONCE()` flag stored after data and tested with "
	  "`READ_ONCE()` before reading it, neither side ordering; a warning "
	  "with evidence (spin-wait, a comment on the flag), else a remark" },
	{ .id = "pair-named-partner-unordered",
	  .sev = SEV_WARNING,
	  .fix = FIX_NONE,
	  .scope = RULE_TREE,
	  .check_tree = check_pair_named_partner_unordered,
	  .summary =
		  "a barrier whose \"pairs with\" comment names a function of the tree that orders none of its accesses: the partner lost its barrier, or never had one" },
	{ .id = "pair-compiler-barrier",
	  .sev = SEV_WARNING,
	  .fix = FIX_NONE,
	  .scope = RULE_TREE,
	  .check_tree = check_pair_compiler_barrier,
	  .summary =
		  "`barrier()` beside a \"pairs with\" comment that names another CPU's barrier (`smp_wmb()`, a release): a compiler barrier orders nothing for that CPU" },
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
