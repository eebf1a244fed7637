// SPDX-License-Identifier: GPL-2.0
/*
 * Callees inlined into their callers' facts (inline.h). Only small
 * callees are inlined, and only so many facts per function, so that the
 * pairing pass stays linear in the tree: a big callee stays a call, which
 * order.c judges by its summary.
 */
#include "inline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "locksets.h"
#include "summary.h"

enum {
	INLINE_DEPTH = 2, /* a callee, and a callee of it */
	INLINE_CALLEE_MAX = 32, /* facts of a callee we inline */
	INLINE_BUDGET = 128, /* facts inlined into one function */
};

struct out {
	struct fact *v;
	struct fact_via *via;
	unsigned n, cap;
	struct fact_leg *legs;
	unsigned nlegs, caplegs;
	/*
	 * The function being built starts at v[base] and legs[legbase]: one
	 * out holds every function, one after the other, and a fact's or
	 * leg's number (a dependency, a leg's parent) counts from there
	 */
	unsigned base, legbase;
	int nbranches;
	unsigned added;
	/*
	 * Locks an inlined callee took and did not release (__pipe_lock()):
	 * the caller's facts after the call hold them
	 */
	unsigned held;
	/* and their names, as far as the callees' facts name them */
	const char *heldset;
	struct fact_set *set; /* where new locksets are interned */
	const struct fact_fn *stack[INLINE_DEPTH + 1];
};

/* Where an inlined fact sits in its caller: the call's place and state. */
struct site {
	const struct fact *call; /* NULL for the function's own facts */
	unsigned pos;
	const char *through;
	int leg, cdep, guard;
	unsigned locks;
	const char *lockset;
	/* the call's FN_MAYBE and FN_LOOP: each fact inlined there has them */
	unsigned char near;
};

/*
 * A block of the whole set's facts, from @old to @new bytes: mapped, not
 * malloced, so that growing it copies nothing (mremap()) and huge pages
 * can back it (page faults over the hundreds of megabytes of Linux's
 * facts were a good part of the pass).
 */
static void *grow(void *p, size_t old, size_t new)
{
	void *q = p ? mremap(p, old, new, MREMAP_MAYMOVE) :
		      mmap(NULL, new, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (q == MAP_FAILED) {
		fprintf(stderr, "ordercheck: out of memory\n");
		abort();
	}
	madvise(q, new, MADV_HUGEPAGE); /* a hint: no matter if refused */
	return q;
}

static void push_fact(struct out *o, const struct fact *f,
		      const struct fact_via *via)
{
	if (o->n == o->cap) {
		size_t cap = o->cap ? 2 * (size_t)o->cap : 1u << 16;

		o->v = grow(o->v, o->cap * sizeof(*o->v), cap * sizeof(*o->v));
		o->via = grow(o->via, o->cap * sizeof(*o->via),
			      cap * sizeof(*o->via));
		o->cap = (unsigned)cap;
	}
	o->v[o->n] = *f;
	o->via[o->n++] = *via;
}

static int push_leg(struct out *o, int parent, int branch, int which,
		    bool returns)
{
	if (o->nlegs == o->caplegs) {
		size_t cap = o->caplegs ? 2 * (size_t)o->caplegs : 1u << 14;

		o->legs = grow(o->legs, o->caplegs * sizeof(*o->legs),
			       cap * sizeof(*o->legs));
		o->caplegs = (unsigned)cap;
	}
	o->legs[o->nlegs].parent = parent;
	o->legs[o->nlegs].branch = branch;
	o->legs[o->nlegs].which = which;
	o->legs[o->nlegs].returns = returns;
	return (int)(o->nlegs++ - o->legbase);
}

/* The definition to inline for the call @call of @caller, or NULL. */
static const struct fact_fn *inlinable(const struct summaries *m,
				       const struct fact_fn *caller,
				       const struct fact *call, struct out *o,
				       unsigned depth)
{
	const struct fact_fn *d;
	unsigned k;

	/* an allocator's or a log call's insides are not the caller's
	 * protocol */
	if (depth >= INLINE_DEPTH || summary_allocates(m, call->name) ||
	    summary_logs(m, call->name))
		return NULL;
	d = summary_definition(m, call->name, caller);
	if (!d || !d->n || d->n > INLINE_CALLEE_MAX ||
	    o->added + d->n > INLINE_BUDGET)
		return NULL;
	for (k = 0; k <= depth; k++)
		if (o->stack[k] == d)
			return NULL; /* recursion */
	return d;
}

/* @a with @b and @c, interned: the locks a callee's fact runs under. */
static const char *locks_with(struct out *o, const char *a, const char *b,
			      const char *c)
{
	char ab[LOCKSET_MAX], abc[LOCKSET_MAX];

	if (!(b && b[0]) && !(c && c[0]))
		return a ? a : "";
	lockset_union(a, b, ab, sizeof(ab));
	lockset_union(ab, c, abc, sizeof(abc));
	return facts_intern(o->set, abc);
}

/*
 * What an inlined callee's lock or unlock @x leaves held for its caller's
 * facts after the call. A lock fact's lockset is the callee's after it
 * (facts.c); an unlock of a lock the callee did not take names nothing
 * it knows, so the names go when the count of held locks is back to 0.
 */
static void callee_holds(struct out *o, const struct fact *x)
{
	if (x->op == FO_LOCK) {
		o->held++;
		o->heldset = locks_with(o, o->heldset, x->lockset, "");
	} else if (x->op == FO_UNLOCK && o->held) {
		o->held--;
		if (!o->held)
			o->heldset = "";
	}
}

/* The last load or RMW pushed since @first, as an index of its function. */
static int last_load(const struct out *o, unsigned first)
{
	unsigned k;

	for (k = o->n; k-- > first;)
		if (o->v[k].op == FO_LOAD || o->v[k].op == FO_RMW)
			return (int)(k - o->base);
	return -1;
}

static void emit(const struct summaries *m, const struct fact_fn *f,
		 struct out *o, unsigned depth, const struct site *at)
{
	int *map = xmalloc((f->n ? f->n : 1) * sizeof(*map));
	/* what a test of each fact's value depends on: a call's is the
	 * last load its callee made ("if (is_confirmed(ct)) return") */
	int *cmap = xmalloc((f->n ? f->n : 1) * sizeof(*cmap));
	int *legmap = xmalloc((f->nlegs ? f->nlegs : 1) * sizeof(*legmap));
	int branch0 = o->nbranches, maxb = -1;
	const struct fact_fn *d;
	unsigned i;

	o->stack[depth] = f;
	for (i = 0; i < f->nlegs; i++) {
		const struct fact_leg *l = &f->legs[i];

		/* a stored leg names its parent before it; a damaged store's
		 * may not (fuzz_store) */
		legmap[i] = push_leg(o,
				     l->parent >= 0 && (unsigned)l->parent < i ?
					     legmap[l->parent] :
					     at->leg,
				     branch0 + l->branch, l->which,
				     /* a callee's return is not the caller's */
				     !depth && l->returns);
		if (l->branch > maxb)
			maxb = l->branch;
	}
	o->nbranches = branch0 + maxb + 1;
	for (i = 0; i < f->n; i++) {
		const struct fact *x = &f->v[i];
		struct fact y = *x;
		struct fact_via v = { depth,
				      depth ? at->pos : i,
				      depth ? f->name : NULL,
				      at->through,
				      x->file,
				      x->line,
				      x->col };

		/* a dependency heads at an earlier fact; a damaged store's
		 * may name any (fuzz_store) */
		y.adep = x->adep >= 0 && (unsigned)x->adep < i ? map[x->adep] :
								 -1;
		y.cdep = x->cdep >= 0 && (unsigned)x->cdep < i ? cmap[x->cdep] :
								 at->cdep;
		y.guard = x->guard >= 0 && (unsigned)x->guard < i ?
				  map[x->guard] :
				  at->guard;
		y.leg = x->leg >= 0 ? legmap[x->leg] : at->leg;
		y.locks += at->locks + (depth ? 0 : o->held);
		y.lockset = locks_with(o, x->lockset, at->lockset,
				       depth ? "" : o->heldset);
		y.near |= at->near;
		map[i] = cmap[i] = -1; /* a value out of a call is lost */
		if (x->op == FO_CALL && (d = inlinable(m, f, x, o, depth))) {
			struct site in = {
				depth ? at->call : x,
				depth ? at->pos : i,
				depth ? at->through : x->name,
				y.leg,
				y.cdep,
				y.guard,
				y.locks,
				y.lockset,
				(unsigned char)(y.near & (FN_MAYBE | FN_LOOP)),
			};
			unsigned first = o->n;

			o->added += d->n;
			emit(m, d, o, depth + 1, &in);
			cmap[i] = last_load(o, first);
			/* what the call's own facts said beside it, its
			 * callee's first and last say now */
			if (o->n > first) {
				o->v[first].near |= x->near & FN_UNSEEN_BEFORE;
				o->v[o->n - 1].near |=
					x->near & FN_UNSEEN_AFTER;
			}
			continue;
		}
		if (depth) {
			y.file = at->call->file;
			y.line = at->call->line;
			y.col = at->call->col;
		}
		map[i] = cmap[i] = (int)(o->n - o->base);
		push_fact(o, &y, &v);
		if (depth)
			callee_holds(o, x);
	}
	free(map);
	free(cmap);
	free(legmap);
}

void facts_inline_callees(struct fact_set *s)
{
	struct summaries *m = summaries_new(s);
	struct out o = { .set = s };
	struct site own = { NULL, 0, NULL, -1, -1, -1, 0, "", 0 };
	/* where each function's facts and legs start in o */
	unsigned *at = xcalloc(s->nfns + 1, sizeof(*at)),
		 *legs_at = xcalloc(s->nfns + 1, sizeof(*legs_at));
	unsigned i;

	/*
	 * From the facts as read: build every function, then swap. They are
	 * built one after the other in three blocks for the whole set: a
	 * block of its own per function (millions of facts, grown as they
	 * came) was most of the time this took on Linux.
	 */
	for (i = 0; i < s->nfns; i++) {
		o.base = at[i] = o.n;
		o.legbase = legs_at[i] = o.nlegs;
		o.nbranches = 0;
		o.added = o.held = 0;
		o.heldset = "";
		emit(m, &s->fns[i], &o, 0, &own);
	}
	at[s->nfns] = o.n;
	legs_at[s->nfns] = o.nlegs;
	for (i = 0; i < s->nfns; i++) {
		struct fact_fn *f = &s->fns[i];

		if (!s->inlined) {
			free(f->v);
			free(f->legs);
			free(f->via);
		}
		f->n = at[i + 1] - at[i];
		f->v = f->n ? o.v + at[i] : NULL;
		f->via = f->n ? o.via + at[i] : NULL;
		f->nlegs = legs_at[i + 1] - legs_at[i];
		f->legs = f->nlegs ? o.legs + legs_at[i] : NULL;
	}
	for (i = 0; i < 3; i++)
		if (s->block[i])
			munmap(s->block[i], s->block_size[i]);
	s->inlined = true;
	s->block[0] = o.v;
	s->block_size[0] = o.cap * sizeof(*o.v);
	s->block[1] = o.via;
	s->block_size[1] = o.cap * sizeof(*o.via);
	s->block[2] = o.legs;
	s->block_size[2] = o.caplegs * sizeof(*o.legs);
	free(at);
	free(legs_at);
	summaries_free(m);
}
