// SPDX-License-Identifier: GPL-2.0
/*
 * Facts: flattening a function's events into program order, the text form
 * the store keeps, and reading it back.
 *
 * Text form, one record per line, tab-separated:
 *	U name file line in_header          a function
 *	G parent branch which               its next branch leg
 *	A op cls flags key name file line col adep cdep leg locks base written
 *	  pairs guard bit [near]
 *	P slot function                     the TU stores function's address
 *	                                    in slot (events' bindings.h)
 *
 * locks is the count of locks held, then their names (locksets.h) each
 * after a '|': "2|global:m|struct foo.lock".
 */
#include "facts.h"
#include "locksets.h"

#include "../events/keys.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>

/* ---- from events ---- */

struct flat {
	const struct tu_ir *ir;
	struct strbuf *out;
	/* the events that became facts, and their indexes */
	const struct event **ev;
	int *idx;
	unsigned nev, cap;
	int nfacts, nlegs, nbranches;
	unsigned locks, rcu;
	char lockset[LOCKSET_MAX]; /* the names of the locks held */
	int guard; /* the load the innermost branch around here tests */
	int branch_legs[2]; /* the last two-legged branch's legs */
	/* the loads whose values decide something (FA_DECIDES) */
	const struct event **decides;
	unsigned ndecides, capdecides;
	/* the accesses data_race() wraps: no fact of theirs */
	const struct event **racy;
	unsigned nracy, capracy;
	/* the fence being flattened and what stands beside it (FN_*) */
	const struct event *fence;
	unsigned near;
	unsigned loops; /* the loops around: FN_LOOP */
	/*
	 * The load the innermost loop's body returns on ("if (found(x))
	 * return"): what follows the loop runs only when it did not, -1
	 */
	int loop_exit;
	/* the last call in the branch's condition: "if (is_set(x))" tests
	 * what its callee read (inline.c), -1 */
	int cond_call;
	/*
	 * An access left out since the last fact (FN_UNSEEN_*). That fact's
	 * line stays open until the next fact or the function's end, for its
	 * FN_UNSEEN_AFTER (an access in a leg after it counts too), with its
	 * FN_* so far and the leg lines written meanwhile
	 */
	bool unseen, open;
	unsigned open_near;
	struct strbuf legs;
};

/* End the last fact's line with its FN_* (a row's optional last field). */
static void close_fact(struct flat *f)
{
	unsigned near = f->open_near | (f->unseen ? FN_UNSEEN_AFTER : 0);

	if (!f->open)
		return;
	if (near)
		sb_printf(f->out, "\t%u", near);
	sb_puts(f->out, "\n");
	if (f->legs.len)
		sb_add(f->out, f->legs.s, f->legs.len);
	f->legs.len = 0;
	f->open = false;
}

/* A leg's line, after the open fact's line. */
/* A leg's row; @returns: it ends in a return (struct fact_leg). */
static void put_leg(struct flat *f, int parent, int branch, unsigned which,
		    bool returns)
{
	sb_printf(f->open ? &f->legs : f->out, "G\t%d\t%d\t%u\t%d\n", parent,
		  branch, which, returns);
}

static int fact_of(const struct flat *f, const struct event *e)
{
	unsigned i;

	for (i = f->nev; i-- > 0;)
		if (f->ev[i] == e)
			return f->idx[i];
	return -1;
}

static void remember(struct flat *f, const struct event *e, int idx)
{
	if (f->nev == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 64;
		f->ev = xrealloc(f->ev, f->cap * sizeof(*f->ev));
		f->idx = xrealloc(f->idx, f->cap * sizeof(*f->idx));
	}
	f->ev[f->nev] = e;
	f->idx[f->nev++] = idx;
}

/*
 * The last of @deps that became a fact: of the loads a condition or an
 * address is computed from (current->mm, then READ_ONCE(mm->area)), the
 * latest is the one the value comes from last, the head of the dependency.
 */
static int head_fact(const struct flat *f, const struct event **deps,
		     unsigned n)
{
	unsigned i;
	int r, best = -1;

	for (i = 0; i < n; i++)
		if ((r = fact_of(f, deps[i])) > best)
			best = r;
	return best;
}

static bool mentions_pairing(const char *s, size_t n)
{
	static const char *const words[] = {
		"pairs with",	"paired with", "pair with",    "pairing with",
		"matches the",	"matching",    "coupled with", "smp_rmb() in",
		"smp_wmb() in", "smp_mb() in",
	};
	size_t i, k, w;

	for (w = 0; w < sizeof(words) / sizeof(words[0]); w++)
		for (k = strlen(words[w]), i = 0; i + k <= n; i++)
			if (!strncasecmp(s + i, words[w], k))
				return true;
	return false;
}

/*
 * The end of the comment that starts at @i (a block or a line comment),
 * or at @first of the block comment whose middle it is (a leading '*':
 * the window may start inside one); @i itself where none starts there.
 */
static size_t comment_end(const char *buf, size_t i, size_t end, bool first)
{
	size_t k = i;

	while (k < end && (buf[k] == ' ' || buf[k] == '\t'))
		k++;
	if (k + 1 < end && buf[k] == '/' && buf[k + 1] == '/') {
		while (k < end && buf[k] != '\n')
			k++;
		return k;
	}
	if (!(k + 1 < end && buf[k] == '/' && buf[k + 1] == '*') &&
	    !(first && k < end && buf[k] == '*'))
		return i;
	for (k += 2; k < end; k++)
		if (buf[k - 1] == '*' && buf[k] == '/')
			return k + 1;
	return end;
}

/* The words of the comment [@i, @e) into @out, its markers dropped. */
static void comment_words(const char *buf, size_t i, size_t e,
			  struct strbuf *out, size_t mark)
{
	bool space = out->len > mark;

	for (; i < e && out->len - mark < 200; i++) {
		char c = buf[i];

		if ((c == '/' && i + 1 < e &&
		     (buf[i + 1] == '*' || buf[i + 1] == '/')) ||
		    (c == '*' && i + 1 < e && buf[i + 1] == '/')) {
			i++;
			space = out->len > mark;
			continue;
		}
		if (c == '*' || c == '\t' || c == ' ' || c == '\n' ||
		    c == '/') {
			space = out->len > mark;
			continue;
		}
		if (space)
			sb_add(out, " ", 1);
		space = false;
		sb_add(out, &c, 1);
	}
}

/*
 * The "pairs with" comment of the fence @e: of the comments on its line
 * and the six above, the words of those that name a partner (a
 * function's header comment in the window is no part of it), at most
 * 200 bytes.
 */
static void pairs_comment(const struct flat *f, const struct event *e,
			  struct strbuf *out)
{
	size_t len, start, end, i, ce, mark = out->len;
	const char *buf = events_file_text(f->ir, e->span.file, &len);
	unsigned nl = 0;

	if (!buf || e->span.off > len)
		return;
	for (start = e->span.off; start > 0; start--)
		if (buf[start - 1] == '\n' && nl++ == 6)
			break;
	for (end = e->span.off; end < len && buf[end] != '\n'; end++)
		;
	for (i = start; i<end; i = ce> i ? ce : i + 1) {
		ce = comment_end(buf, i, end, i == start);
		if (ce > i && mentions_pairing(buf + i, ce - i))
			comment_words(buf, i, ce, out, mark);
	}
}

static bool in_list(const struct event *const *v, unsigned n,
		    const struct event *e)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (v[i] == e)
			return true;
	return false;
}

static bool decides(const struct flat *f, const struct event *e)
{
	return in_list(f->decides, f->ndecides, e);
}

static void add_event(const struct event ***v, unsigned *n, unsigned *cap,
		      const struct event *e)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 8;
		*v = xrealloc(*v, *cap * sizeof(**v));
	}
	(*v)[(*n)++] = e;
}

/*
 * What decides on a value read before it: a branch or loop condition
 * testing a local the value was kept in, or a return or a store to what is
 * not shared (an out parameter: *seq = v) handing it to the caller.
 */
static bool takes_decision(const struct event *e)
{
	return e->type == EV_BRANCH || e->type == EV_LOOP ||
	       (e->type == EV_JUMP && e->name && !strcmp(e->name, "return")) ||
	       (e->type == EV_ACCESS && e->kind == K_STORE &&
		!events_shared_key(e->key));
}

/*
 * The loads whose values @l's events decide on, and the accesses
 * data_race() wraps, into @arg (a struct flat).
 */
static void note_decisions(const struct evlist *l, void *arg)
{
	struct flat *f = arg;
	const struct event *e;
	unsigned i, j;

	evlist_for_each(l, i, e) {
		if (e->type == EV_MARKER && events_has_role(e, R_RACY))
			for (j = 0; j < e->nadeps; j++)
				add_event(&f->racy, &f->nracy, &f->capracy,
					  e->adeps[j]);
		if (!e->ndeps || !takes_decision(e))
			continue;
		for (j = 0; j < e->ndeps; j++)
			/* a condition's own read is decided on where it is
			 * (FA_IN_COND), not later */
			if (!((e->type == EV_BRANCH || e->type == EV_LOOP) &&
			      (e->deps[j]->flags & EVF_IN_COND)))
				add_event(&f->decides, &f->ndecides,
					  &f->capdecides, e->deps[j]);
	}
}

static void put_fact(struct flat *f, char op, const struct event *e, int leg,
		     int cdep, const char *name, enum oc_class cls)
{
	unsigned flags = e->flags & 0xffffffu, near;
	int adep = head_fact(f, e->adeps, e->nadeps);

	close_fact(f);
	near = (e == f->fence ? f->near : 0) |
	       (e->flags & EVF_MAYBE ? FN_MAYBE : 0) |
	       (f->loops ? FN_LOOP : 0) | (f->unseen ? FN_UNSEEN_BEFORE : 0);

	if (e->type == EV_ACCESS && events_is_marked(e))
		flags |= FA_MARKED;
	if (e->flags & EVF_POINTER)
		flags |= FA_POINTER;
	if (e->flags & EVF_IN_COND)
		flags |= FA_IN_COND;
	if ((e->prim && e->prim->model == M_C11) ||
	    (e->flags & EVF_ATOMIC_TYPE))
		flags |= FA_C11;
	if (e->type == EV_CALL && e->callee_known)
		flags |= FA_KNOWN;
	if (f->rcu)
		flags |= FA_RCU;
	if (events_has_role(e, R_WAIT))
		flags |= FA_SLEEP;
	if (e->type == EV_ACCESS && e->kind == K_LOAD && decides(f, e))
		flags |= FA_DECIDES;
	sb_printf(
		f->out,
		"A\t%c\t%u\t%u\t%s\t%s\t%s\t%u\t%u\t%d\t%d\t%d\t%u%s%s\t%s\t%s\t",
		op, (unsigned)cls, flags, e->type == EV_ACCESS ? e->key : "",
		name ? name : "", e->span.file ? e->span.file : "",
		e->span.line, e->span.col, adep, cdep, leg, f->locks,
		f->lockset[0] ? "|" : "", f->lockset,
		e->type == EV_ACCESS && e->base ? e->base : "",
		e->type == EV_ACCESS && e->written ? e->written : "");
	if (op == FO_FENCE)
		pairs_comment(f, e, f->out);
	sb_printf(f->out, "\t%d\t%s", f->guard,
		  e->type == EV_ACCESS && e->bit ? e->bit : "");
	f->open = true;
	f->open_near = near;
	f->unseen = false;
	remember(f, e, f->nfacts++);
}

static const char op_of_kind[] = {
	[K_LOAD] = FO_LOAD,	[K_STORE] = FO_STORE,	 [K_RMW] = FO_RMW,
	[K_FENCE] = FO_FENCE,	[K_MODIFIER] = FO_FENCE, [K_LOCK] = FO_LOCK,
	[K_UNLOCK] = FO_UNLOCK,
};

static void flatten(struct flat *f, const struct evlist *l, int leg, int cdep,
		    const struct event *loop);

/* The fences a primitive makes beside its access (vocab.h's F_*_BEFORE/AFTER). */
static const struct {
	unsigned flag;
	bool before;
	enum oc_class cls;
} own_fences[] = {
	{ F_FULL_BEFORE, true, OC_FENCE_FULL }, /* wq_has_sleeper() */
	{ F_RMB_BEFORE, true, OC_FENCE_R }, /* read_seqcount_retry() */
	{ F_FULL_AFTER, false, OC_FENCE_FULL }, /* smp_store_mb() */
	{ F_WMB_AFTER, false, OC_FENCE_W }, /* write_seqcount_begin() */
};

static void side_fences(struct flat *f, const struct event *e, bool before,
			int leg, int cdep, const char *name)
{
	unsigned i;

	for (i = 0; i < sizeof(own_fences) / sizeof(own_fences[0]); i++)
		if ((e->flags & own_fences[i].flag) &&
		    own_fences[i].before == before)
			put_fact(f, FO_FENCE, e, leg, cdep, name,
				 own_fences[i].cls);
}

/*
 * The lock @e takes (@take) or releases, by name, in the lockset. An
 * unlock of a lock this function did not take (the caller's) removes
 * nothing by name: the count still falls.
 */
static void hold(struct flat *f, const struct event *e, bool take)
{
	char name[LOCKSET_MAX], set[LOCKSET_MAX];
	bool shared = e->key && events_shared_key(e->key);

	lockset_name(e->key, shared, e->name, name, sizeof(name));
	if (take)
		lockset_add(f->lockset, name, set, sizeof(set));
	else
		lockset_remove(f->lockset, name, set, sizeof(set));
	memcpy(f->lockset, set, sizeof(set));
}

/* An 'if' the compiler decides: it makes no legs, only its live one runs. */
static bool folded_if(const struct event *e)
{
	return e->type == EV_BRANCH && e->folds >= 0 && e->name &&
	       !strcmp(e->name, "if");
}

static bool is_switch(const struct event *e)
{
	return e->nlegs == 1 && e->name && !strcmp(e->name, "switch");
}

/* A case a jump before it cannot fall into: a path of its own starts. */
static bool case_starts_path(const struct evlist *l, unsigned i)
{
	const struct event *e = l->v[i];

	return e->type == EV_LABEL && e->name && !strcmp(e->name, "case") &&
	       (i == 0 || l->v[i - 1]->type == EV_JUMP);
}

/*
 * A switch's body, cut into a leg per run of cases that one path can
 * take: reads in two cases that end in a break or return never both run
 * (a show() function returns one field or another by the attribute).
 */
static void flatten_cases(struct flat *f, const struct event *e, int leg,
			  int cdep, int branch)
{
	const struct evlist *body = &e->legs[0];
	int guard = f->guard, on = head_fact(f, e->deps, e->ndeps);
	unsigned i, start = 0, which = 0;

	for (i = 0; i <= body->n; i++) {
		struct evlist part;

		if (i < body->n && (i == start || !case_starts_path(body, i)))
			continue;
		part.v = body->v + start;
		part.n = part.cap = i - start;
		put_leg(f, leg, branch, which++, false);
		f->guard = on >= 0 ? on : guard;
		flatten(f, &part, f->nlegs++, cdep, NULL);
		f->guard = guard;
		start = i;
	}
}

/*
 * The locks held after a branch: those every leg that falls through to
 * what follows holds (a leg that ends in a return, break, continue or
 * goto does not: `if (!rnp->qsmask) { unlock(); continue; }` leaves the
 * lock held after it). Must-hold, as RELAY's locksets are.
 */
struct held {
	char before[LOCKSET_MAX], after[LOCKSET_MAX];
	unsigned locks_before, locks_after;
	bool any; /* a leg fell through */
};

/* A leg's last event when it jumps away (return, break, continue, goto). */
static const struct event *leg_jump(const struct evlist *l)
{
	const struct event *last = l->n ? l->v[l->n - 1] : NULL;

	return last && last->type == EV_JUMP ? last : NULL;
}

static bool leg_returns(const struct evlist *l);

static void held_before(const struct flat *f, struct held *h)
{
	memcpy(h->before, f->lockset, sizeof(h->before));
	h->locks_before = f->locks;
	h->any = false;
}

static void held_restore(struct flat *f, const struct held *h)
{
	memcpy(f->lockset, h->before, sizeof(f->lockset));
	f->locks = h->locks_before;
}

static void held_meet(const struct flat *f, struct held *h)
{
	char both[LOCKSET_MAX];

	if (!h->any) {
		memcpy(h->after, f->lockset, sizeof(h->after));
		h->locks_after = f->locks;
		h->any = true;
		return;
	}
	lockset_intersect(h->after, f->lockset, both, sizeof(both));
	memcpy(h->after, both, sizeof(h->after));
	if (f->locks < h->locks_after)
		h->locks_after = f->locks;
}

/* Every leg jumps away: what follows is reached from elsewhere (a label). */
static void held_after(struct flat *f, const struct held *h)
{
	if (!h->any) {
		held_restore(f, h);
		return;
	}
	memcpy(f->lockset, h->after, sizeof(f->lockset));
	f->locks = h->locks_after;
}

static void flatten_event(struct flat *f, const struct event *e, int leg,
			  int *cdep)
{
	const char *name = e->prim ? e->name : "";
	int c, cc, branch, mine[2] = { -1, -1 }, guard = f->guard, exit;
	struct held held;
	unsigned j;

	switch (e->type) {
	case EV_ACCESS:
		if (!events_shared_key(e->key) ||
		    in_list(f->racy, f->nracy, e)) {
			/* what another CPU may see, though no fact says it */
			if (!keys_private(e->key))
				f->unseen = true;
			break;
		}
		side_fences(f, e, true, leg, *cdep, name);
		put_fact(f, op_of_kind[e->kind], e, leg, *cdep, name, e->cls);
		side_fences(f, e, false, leg, *cdep, name);
		break;
	case EV_FENCE:
	case EV_MODIFIER:
		put_fact(f, FO_FENCE, e, leg, *cdep, e->name, e->cls);
		break;
	case EV_LOCK:
		if (e->kind == K_UNLOCK && f->locks) {
			f->locks--;
			hold(f, e, false);
		}
		/* a lock's or unlock's own lockset is the one after it:
		 * what a caller that inlines it holds (inline.c) */
		if (e->kind == K_LOCK)
			hold(f, e, true);
		put_fact(f, op_of_kind[e->kind], e, leg, *cdep, e->name,
			 e->cls);
		if (e->kind == K_LOCK)
			f->locks++;
		break;
	case EV_MARKER:
		/* lockdep_assert_held(): what follows is under a lock */
		if (e->flags & F_LOCK_HELD) {
			f->locks++;
			hold(f, e, true);
		} else if (events_has_role(e, R_RCU_LOCK))
			f->rcu++;
		else if (events_has_role(e, R_RCU_UNLOCK) && f->rcu)
			f->rcu--;
		break;
	case EV_CALL:
		/*
		 * every call, even of a wrapper whose first event this TU
		 * did not see: the pairing judges it by the callee's facts
		 * over the whole tree (summary.c, inline.c)
		 */
		put_fact(f, FO_CALL, e, leg, *cdep, e->name, OC_NONE);
		break;
	case EV_BRANCH:
		/*
		 * an 'if' the compiler decides (IS_ENABLED(), __same_type()
		 * in RB_WARN_ON()) runs one leg: the other's accesses never
		 * happen, and would pair as if they did
		 */
		if (folded_if(e)) {
			j = e->folds ? 0 : 1;
			if (j < e->nlegs)
				flatten(f, &e->legs[j], leg, *cdep, NULL);
			break;
		}
		c = head_fact(f, e->deps, e->ndeps);
		/* the condition's latest fact heads the legs' dependency */
		cc = c > f->cond_call ? c : f->cond_call;
		branch = f->nbranches++;
		if (is_switch(e)) {
			flatten_cases(f, e, leg, c >= 0 ? c : *cdep, branch);
			break;
		}
		held_before(f, &held);
		for (j = 0; j < e->nlegs; j++) {
			int me = f->nlegs++;

			put_leg(f, leg, branch, j, leg_returns(&e->legs[j]));
			f->guard = c >= 0 ? c : guard;
			held_restore(f, &held);
			flatten(f, &e->legs[j], me, cc >= 0 ? cc : *cdep, NULL);
			f->guard = guard;
			if (!leg_jump(&e->legs[j]))
				held_meet(f, &held);
			if (j < 2)
				mine[j] = me;
		}
		/* an if without an else falls through holding what it held */
		if (e->nlegs < 2) {
			held_restore(f, &held);
			held_meet(f, &held);
		}
		held_after(f, &held);
		/* after the legs: their own branches set it too */
		f->branch_legs[0] = mine[0];
		f->branch_legs[1] = mine[1];
		break;
	case EV_LOOP:
		f->loops++;
		exit = f->loop_exit;
		f->loop_exit = -1;
		for (j = 0; j < e->nlegs; j++)
			flatten(f, &e->legs[j], leg, *cdep, e);
		f->loops--;
		/* leaving a loop on a condition orders the stores after it,
		 * and decides on the flag it spun on */
		c = head_fact(f, e->deps, e->ndeps);
		if (c >= 0)
			f->guard = c;
		/* and so does not having returned from it: a control
		 * dependency on the test that would have (the later of
		 * the two heads it) */
		if (f->loop_exit > c)
			c = f->loop_exit;
		if (c >= 0 && *cdep < 0)
			*cdep = c;
		f->loop_exit = exit;
		break;
	default:
		break;
	}
}

/* Whether a leg ends by leaving the function. */
static bool leg_returns(const struct evlist *l)
{
	const struct event *last = leg_jump(l);

	return last && last->name && !strcmp(last->name, "return");
}

/*
 * FN_* of the fence l->v[@i]: a call right beside it in its block. Not
 * events_prev(), which skips a primitive's location loads: those are
 * facts, and the call's fact must be the fence's neighbour.
 */
static unsigned beside(const struct evlist *l, unsigned i)
{
	return (i > 0 && l->v[i - 1]->type == EV_CALL ? FN_AFTER_CALL : 0) |
	       (i + 1 < l->n && l->v[i + 1]->type == EV_CALL ? FN_BEFORE_CALL :
							       0);
}

/* The fact of the last call in the condition of @l's branch @i, or -1. */
static int cond_call(const struct flat *f, const struct evlist *l, unsigned i)
{
	while (i-- > 0 && (l->v[i]->flags & EVF_IN_COND))
		if (l->v[i]->type == EV_CALL)
			return fact_of(f, l->v[i]);
	return -1;
}

/*
 * @loop: the loop whose leg @l is. In a while or for loop the body runs
 * only when the condition held, so what follows the condition's read
 * depends on it (smp_kick_mwait_play_dead(): "for (...;
 * READ_ONCE(md->status) != newstate; ...) WRITE_ONCE(md->control, ...)").
 */
static void flatten(struct flat *f, const struct evlist *l, int leg, int cdep,
		    const struct event *loop)
{
	bool guarded = loop && loop->name && strcmp(loop->name, "do");
	const struct event *e;
	unsigned i;
	int c, call, guard = f->guard;

	evlist_for_each(l, i, e) {
		if (e->type == EV_FENCE || e->type == EV_MODIFIER) {
			f->fence = e;
			f->near = beside(l, i);
		}
		/* f->cond_call: the legs' flattening sets it again */
		call = e->type == EV_BRANCH ? cond_call(f, l, i) : -1;
		f->cond_call = call;
		flatten_event(f, e, leg, &cdep);
		f->fence = NULL;
		if (guarded && (c = head_fact(f, loop->deps, loop->ndeps)) >= 0)
			cdep = f->guard = c;
		/*
		 * "if (c) { ...; return; }": what follows runs only when the
		 * other leg was taken, so it is in that leg (and never after
		 * the returning leg's facts)
		 */
		if (e->type == EV_BRANCH && e->nlegs == 2 && !folded_if(e) &&
		    leg_returns(&e->legs[0]) != leg_returns(&e->legs[1])) {
			leg = f->branch_legs[leg_returns(&e->legs[0]) ? 1 : 0];
			c = head_fact(f, e->deps, e->ndeps);
			if (c >= 0)
				f->guard = c;
			if (call > c)
				c = call;
			/* a store after it is not speculated: a control
			 * dependency (memory-barriers.txt) */
			if (c >= 0 && cdep < 0)
				cdep = c;
			if (c >= 0 && loop && f->loop_exit < 0)
				f->loop_exit = c;
		}
	}
	f->guard = guard;
}

void facts_write_tu(const struct tu_ir *ir, struct strbuf *out)
{
	struct flat f = {
		.ir = ir, .out = out, .loop_exit = -1, .cond_call = -1
	};
	unsigned i;

	for (i = 0; i < ir->nfns; i++) {
		const struct function_ir *fn = ir->fns[i];

		if (fn->repeat)
			continue;
		sb_printf(out, "U\t%s\t%s\t%u\t%d", fn->name,
			  fn->span.file ? fn->span.file : "", fn->span.line,
			  fn->in_header);
		/* the TU's dialect, for the tree findings' words; the
		 * kernel's is the default and not written */
		if (ir->dialect != D_LINUX)
			sb_printf(out, "\t%s", vocab_dialect_name(ir->dialect));
		sb_puts(out, "\n");
		f.nev = 0;
		f.nfacts = f.nlegs = f.nbranches = 0;
		f.locks = f.rcu = 0;
		f.lockset[0] = '\0';
		f.guard = -1;
		f.ndecides = f.nracy = 0;
		f.loops = 0;
		f.unseen = f.open = false;
		events_for_each_list(fn, note_decisions, &f);
		flatten(&f, &fn->body, -1, -1, NULL);
		close_fact(&f);
	}
	free(f.legs.s);
	free(f.ev);
	free(f.idx);
	free(f.decides);
	free(f.racy);
	for (i = 0; i < ir->nbinds; i++)
		sb_printf(out, "P\t%s\t%s\n", ir->binds[i].slot,
			  ir->binds[i].fn);
}

/* ---- file names ---- */

/* The field of a record that is a file name: 2 of U, 6 of A, else none. */
static unsigned path_field(char kind)
{
	return kind == 'U' ? 2 : kind == 'A' ? 6 : 0;
}

char *facts_map_paths(const char *text,
		      char *(*map)(const char *path, const void *arg),
		      const void *arg)
{
	struct strbuf out = { 0 };
	const char *line, *end, *start, *stop;
	unsigned want, field;
	/* a function's facts are mostly in one file: map it once */
	char *last = NULL, *mapped = NULL;
	size_t lastlen = 0;

	for (line = text; *line; line = end) {
		end = strchr(line, '\n');
		end = end ? end + 1 : line + strlen(line);
		want = path_field(line[0]);
		/* find the field: @want tabs in */
		for (start = line, field = 0;
		     want && field < want && start < end; start++)
			if (*start == '\t')
				field++;
		if (!want || field < want) {
			sb_add(&out, line, (size_t)(end - line));
			continue;
		}
		for (stop = start; stop < end && *stop != '\t' && *stop != '\n';
		     stop++)
			;
		if (!last || lastlen != (size_t)(stop - start) ||
		    memcmp(last, start, lastlen)) {
			free(last);
			free(mapped);
			lastlen = (size_t)(stop - start);
			last = xstrndup(start, lastlen);
			mapped = *last ? map(last, arg) : xstrdup("");
		}
		sb_add(&out, line, (size_t)(start - line));
		sb_puts(&out, mapped);
		sb_add(&out, stop, (size_t)(end - stop));
	}
	free(last);
	free(mapped);
	return out.s ? out.s : xstrdup("");
}

/* ---- the set ---- */

struct fact_strings {
	struct strset *s;
	/* header functions already in the set: "file:line:name" */
	struct strset *headers;
};

void facts_set_init(struct fact_set *s)
{
	memset(s, 0, sizeof(*s));
	s->strings = xcalloc(1, sizeof(*s->strings));
	s->strings->s = strset_new();
	s->strings->headers = strset_new();
}

void facts_set_free(struct fact_set *s)
{
	unsigned i;

	for (i = 0; i < s->nfns && !s->inlined; i++) {
		free(s->fns[i].v);
		free(s->fns[i].legs);
		free(s->fns[i].via);
	}
	for (i = 0; i < 3; i++)
		if (s->block[i])
			munmap(s->block[i], s->block_size[i]);
	free(s->fns);
	free(s->binds);
	for (i = 0; i < s->ntus; i++)
		free(s->tus[i]);
	free(s->tus);
	if (s->strings) {
		strset_free(s->strings->s);
		strset_free(s->strings->headers);
		free(s->strings);
	}
	memset(s, 0, sizeof(*s));
}

const char *facts_interned(const struct fact_set *s, const char *str)
{
	return s->strings ? strset_find(s->strings->s, str) : NULL;
}

static const char *intern(struct fact_set *s, const char *str)
{
	return strset_intern(s->strings->s, str, strlen(str));
}

const char *facts_intern(struct fact_set *s, const char *str)
{
	return intern(s, str);
}

/* Split @line at tabs into at most @max fields; returns how many. */
static unsigned split(char *line, char **f, unsigned max)
{
	unsigned n = 0;

	f[n++] = line;
	while (n < max && (line = strchr(line, '\t'))) {
		*line++ = '\0';
		f[n++] = line;
	}
	return n;
}

static struct fact_fn *new_fn(struct fact_set *s, char **f)
{
	struct fact_fn *fn;

	if (s->nfns == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 256;
		s->fns = xrealloc(s->fns, s->cap * sizeof(*s->fns));
	}
	fn = &s->fns[s->nfns++];
	memset(fn, 0, sizeof(*fn));
	fn->name = intern(s, f[0]);
	fn->file = intern(s, f[1]);
	fn->line = (unsigned)strtoul(f[2], NULL, 10);
	fn->in_header = f[3][0] == '1';
	fn->tu = s->ntus - 1;
	return fn;
}

/* A header function another TU already gave: read past its records. */
static bool seen_header(struct fact_set *s, char **f)
{
	char *k;
	bool added;

	if (f[3][0] != '1')
		return false;
	k = xasprintf("%s:%s:%s", f[1], f[2], f[0]);
	added = strset_add(s->strings->headers, k);
	free(k);
	return !added;
}

/*
 * The store is read back, not trusted: a leg's parent and a fact's leg
 * index the legs before them (facts_write_tu() writes them so), and a
 * damaged row that says otherwise is refused, not followed out of bounds
 * or round a cycle (fuzz/corpus/store/regress-*).
 */
static bool leg_ok(const struct fact_fn *fn, const char *s)
{
	int leg = atoi(s);

	return leg >= -1 && leg < (int)fn->nlegs;
}

static void add_leg(struct fact_fn *fn, char **f)
{
	fn->legs = xrealloc(fn->legs, (fn->nlegs + 1) * sizeof(*fn->legs));
	fn->legs[fn->nlegs].parent = atoi(f[0]);
	fn->legs[fn->nlegs].branch = atoi(f[1]);
	fn->legs[fn->nlegs].which = atoi(f[2]);
	/* a row stored before legs said it has three fields: none returns */
	fn->legs[fn->nlegs].returns = f[3] && atoi(f[3]);
	fn->nlegs++;
}

static void add_fact(struct fact_set *s, struct fact_fn *fn, char **f)
{
	struct fact *a;

	if ((fn->n & (fn->n - 1)) == 0)
		fn->v = xrealloc(fn->v,
				 (fn->n ? 2 * fn->n : 1) * sizeof(*fn->v));
	a = &fn->v[fn->n++];
	a->op = f[0][0];
	a->cls = (unsigned char)atoi(f[1]);
	a->flags = (unsigned)strtoul(f[2], NULL, 10);
	a->key = intern(s, f[3]);
	a->name = intern(s, f[4]);
	a->file = intern(s, f[5]);
	a->line = (unsigned)strtoul(f[6], NULL, 10);
	a->col = (unsigned)strtoul(f[7], NULL, 10);
	a->adep = atoi(f[8]);
	a->cdep = atoi(f[9]);
	a->leg = atoi(f[10]);
	a->locks = (unsigned)strtoul(f[11], NULL, 10);
	a->lockset =
		intern(s, strchr(f[11], '|') ? strchr(f[11], '|') + 1 : "");
	a->base = f[12][0] ? intern(s, f[12]) : NULL;
	a->written = f[13][0] ? intern(s, f[13]) : NULL;
	a->pairs = f[14][0] ? intern(s, f[14]) : NULL;
	a->guard = atoi(f[15]);
	a->bit = f[16][0] ? intern(s, f[16]) : NULL;
	a->near =
		f[17] ? (unsigned char)(atoi(f[17]) &
					(FN_AFTER_CALL | FN_BEFORE_CALL |
					 FN_MAYBE | FN_LOOP | FN_UNSEEN_BEFORE |
					 FN_UNSEEN_AFTER)) :
			0;
}

/* A binding is the TU's, read whatever its functions were (seen_header()). */
static void add_binding(struct fact_set *s, const char *slot, const char *fn)
{
	if (s->nbinds == s->capbinds) {
		s->capbinds = s->capbinds ? 2 * s->capbinds : 256;
		s->binds = xrealloc(s->binds, s->capbinds * sizeof(*s->binds));
	}
	s->binds[s->nbinds].slot = facts_intern(s, slot);
	s->binds[s->nbinds].fn = facts_intern(s, fn);
	s->nbinds++;
}

int facts_set_add_text(struct fact_set *s, const char *tu, const char *text)
{
	char *copy = xstrdup(text), *line, *next, *f[18] = { NULL };
	struct fact_fn *fn = NULL;
	bool skip = false;
	int rc = 0;
	unsigned n;

	s->tus = xrealloc(s->tus, (s->ntus + 1) * sizeof(*s->tus));
	s->tus[s->ntus++] = xstrdup(tu);
	for (line = copy; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (line[1] != '\t') {
			rc = -1;
			break;
		}
		n = split(line + 2, f, 18);
		if (n < 18)
			f[17] = NULL; /* a row of before the field */
		if (line[0] == 'P' && n == 2) {
			add_binding(s, f[0], f[1]);
		} else if (line[0] == 'U' && (n == 4 || n == 5)) {
			skip = seen_header(s, f);
			fn = skip ? NULL : new_fn(s, f);
			if (fn && n == 5 && vocab_dialect_by_name(f[4]) >= 0)
				fn->dialect =
					(enum oc_dialect)vocab_dialect_by_name(
						f[4]);
		} else if (skip) {
			continue;
		} else if (line[0] == 'G' && (n == 3 || n == 4) && fn &&
			   leg_ok(fn, f[0])) {
			if (n == 3)
				f[3] = NULL;
			add_leg(fn, f);
		} else if (line[0] == 'A' && (n == 17 || n == 18) && fn &&
			   leg_ok(fn, f[10])) {
			add_fact(s, fn, f);
		} else {
			rc = -1;
			break;
		}
	}
	free(copy);
	return rc;
}

/*
 * The innermost leg of @l's path that returns, or -1: after a fact in it
 * the run stays in it until it returns.
 */
static int returning(const struct fact_fn *fn, int l)
{
	for (; l >= 0; l = fn->legs[l].parent)
		if (fn->legs[l].returns)
			return l;
	return -1;
}

static bool within(const struct fact_fn *fn, int l, int of)
{
	for (; l >= 0; l = fn->legs[l].parent)
		if (l == of)
			return true;
	return false;
}

/*
 * The earlier of @a and @b sits in a leg that returns, the later outside
 * it: "while (...) { if (c) { WRITE_ONCE(x, 1); return; } }
 * WRITE_ONCE(y, 1)". (A leg that returns at the same level already holds
 * what follows its branch in its other leg: flatten().)
 */
static bool returned_before(const struct fact_fn *fn, const struct fact *a,
			    const struct fact *b)
{
	const struct fact *first = a < b ? a : b, *then = a < b ? b : a;
	int r = returning(fn, first->leg);

	return r >= 0 && !within(fn, then->leg, r);
}

bool facts_compatible(const struct fact_fn *fn, const struct fact *a,
		      const struct fact *b)
{
	int la = a->leg, lb = b->leg, x, y, branch[16], which[16];
	unsigned n = 0, k;

	if (returned_before(fn, a, b))
		return false;
	/* a fact in no leg runs with every other */
	if (la < 0 || lb < 0)
		return true;
	/* @b's path once, not once per leg of @a's */
	for (y = lb; y >= 0 && n < 16; y = fn->legs[y].parent, n++) {
		branch[n] = fn->legs[y].branch;
		which[n] = fn->legs[y].which;
	}
	if (y < 0) {
		for (x = la; x >= 0; x = fn->legs[x].parent)
			for (k = 0; k < n; k++)
				if (fn->legs[x].branch == branch[k] &&
				    fn->legs[x].which != which[k])
					return false;
		return true;
	}
	/* two legs are exclusive if their paths split at one branch */
	for (x = la; x >= 0; x = fn->legs[x].parent)
		for (y = lb; y >= 0; y = fn->legs[y].parent)
			if (fn->legs[x].branch == fn->legs[y].branch &&
			    fn->legs[x].which != fn->legs[y].which)
				return false;
	return true;
}
