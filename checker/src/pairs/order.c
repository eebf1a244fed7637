// SPDX-License-Identifier: GPL-2.0
/*
 * Whether one function orders two of its accesses, as
 * ../shared/reference/ordering-semantics.md says each primitive orders:
 * a fence between them of the right kind, an acquire first, a release
 * second, a fully ordered RMW, an address or control dependency.
 */
#include "order.h"

#include <stdlib.h>
#include <string.h>

#include "../vocab.h"

#define ALL_ORDERS (VO_RR | VO_RW | VO_WR | VO_WW)

enum { CALLEE_DEPTH = 3 };

struct callee {
	const char *name; /* interned: compared by address */
	unsigned mask; /* what a call of it orders, VO_* */
	bool opaque; /* it calls what we cannot see, or takes a lock */
	bool done, busy;
	unsigned fn; /* its functions: fns[fn .. fn + nfn) of the index */
	unsigned nfn;
};

struct callee_index {
	const struct fact_set *set;
	struct callee *v; /* one per name, sorted */
	unsigned n;
	unsigned *fns; /* function numbers, by name */
};

static int by_name(const void *a, const void *b)
{
	const struct callee *x = a, *y = b;

	return x->name < y->name ? -1 : x->name > y->name;
}

struct callee_index *callee_index_new(const struct fact_set *s)
{
	struct callee_index *c = xcalloc(1, sizeof(*c));
	unsigned i, n = 0;

	c->set = s;
	c->v = xcalloc(s->nfns ? s->nfns : 1, sizeof(*c->v));
	c->fns = xcalloc(s->nfns ? s->nfns : 1, sizeof(*c->fns));
	for (i = 0; i < s->nfns; i++) {
		c->v[i].name = s->fns[i].name;
		c->v[i].fn = i;
	}
	qsort(c->v, s->nfns, sizeof(*c->v), by_name);
	for (i = 0; i < s->nfns; i++)
		c->fns[i] = c->v[i].fn;
	/* one entry per name: a static of one name in two files is merged */
	for (i = 0; i < s->nfns; i++) {
		if (!n || c->v[n - 1].name != c->v[i].name) {
			c->v[n] = c->v[i];
			c->v[n].fn = i;
			c->v[n++].nfn = 0;
		}
		c->v[n - 1].nfn++;
	}
	c->n = n;
	return c;
}

void callee_index_free(struct callee_index *c)
{
	if (!c)
		return;
	free(c->v);
	free(c->fns);
	free(c);
}

static struct callee *find_callee(const struct callee_index *c,
				  const char *name)
{
	struct callee key = { .name = name };

	return bsearch(&key, c->v, c->n, sizeof(*c->v), by_name);
}

static bool is_acquire(unsigned cls)
{
	return cls == OC_ACQ_LOAD || cls == OC_RMW_ACQ ||
	       cls == OC_RMW_ACQREL || cls == OC_RMW_FULL || cls == OC_RMW_SC;
}

static bool is_release(unsigned cls)
{
	return cls == OC_REL_STORE || cls == OC_PUBLISH || cls == OC_RMW_REL ||
	       cls == OC_RMW_ACQREL || cls == OC_RMW_FULL || cls == OC_RMW_SC;
}

/* What a fence fact orders; smp_mb__{before,after}_atomic() make it full. */
static unsigned fence_mask(const struct fact *f)
{
	if (f->cls == OC_MOD_BEFORE || f->cls == OC_MOD_AFTER)
		return ALL_ORDERS;
	return vocab_fence_mask((enum oc_class)f->cls, f->flags) & ALL_ORDERS;
}

static void summarise(const struct callee_index *c, struct callee *ce,
		      unsigned depth);

/* Every function of the name: a static of one name in many files. */
static void summarise_fn(const struct callee_index *c, struct callee *ce,
			 const struct fact_fn *fn, unsigned depth)
{
	const struct fact *f;
	struct callee *sub;
	unsigned i;

	for (i = 0; i < fn->n; i++) {
		f = &fn->v[i];
		if (f->op == FO_FENCE)
			ce->mask |= fence_mask(f);
		else if (f->op == FO_RMW && (f->cls == OC_RMW_FULL))
			ce->mask |= ALL_ORDERS;
		else if (f->op == FO_LOCK || f->op == FO_UNLOCK)
			ce->opaque = true;
		else if (f->op == FO_CALL) {
			sub = (f->flags & FA_KNOWN) ? find_callee(c, f->name) :
						      NULL;
			if (!sub || depth >= CALLEE_DEPTH) {
				ce->opaque = true;
				continue;
			}
			summarise(c, sub, depth + 1);
			ce->mask |= sub->mask;
			ce->opaque |= sub->opaque;
		}
	}
}

static void summarise(const struct callee_index *c, struct callee *ce,
		      unsigned depth)
{
	unsigned i;

	if (ce->done)
		return;
	if (ce->busy) {
		/* recursion: what we know so far, and say we cannot tell */
		ce->opaque = true;
		return;
	}
	ce->busy = true;
	for (i = ce->fn; i < ce->fn + ce->nfn; i++)
		summarise_fn(c, ce, &c->set->fns[c->fns[i]], depth);
	ce->busy = false;
	ce->done = true;
}

static struct ordering yes(const struct fact *by, const char *what)
{
	struct ordering o = { ORD_YES, by, what };

	return o;
}

struct ordering order_between(const struct fact_fn *fn, unsigned i, unsigned j,
			      unsigned need, const struct callee_index *callees)
{
	const struct fact *a = &fn->v[i], *b = &fn->v[j], *f;
	struct ordering r = { ORD_NONE, NULL, NULL };
	bool first_reads = need & (VO_RR | VO_RW);
	bool second_writes = need & (VO_RW | VO_WW);
	struct callee *ce;
	unsigned k, m;

	if (a->cls == OC_RMW_FULL || b->cls == OC_RMW_FULL)
		return yes(a->cls == OC_RMW_FULL ? a : b,
			   "a fully ordered read-modify-write");
	if (first_reads && is_acquire(a->cls))
		return yes(a, "an acquire");
	if (second_writes && is_release(b->cls))
		return yes(b, "a release");
	if ((a->flags & b->flags & F_SEQ_CST) && need == VO_WR)
		return yes(b, "two seq_cst accesses");
	/*
	 * rcu_dereference() and friends ask for the dependency by name: trust
	 * them where we lose the value (container_of(), list iterators).
	 */
	if (first_reads && a->cls == OC_DEP_LOAD)
		return yes(a, "an address dependency");
	/* C11 has no dependency ordering at all (consume is acquire) */
	if (first_reads && b->adep == (int)i && !(a->flags & FA_C11))
		return yes(a, "an address dependency");
	if (first_reads && second_writes && b->cdep == (int)i &&
	    !(a->flags & FA_C11))
		return yes(a, "a control dependency");
	/* release then acquire does not order a store before a load */
	if (need == VO_WR && (is_release(a->cls) || is_acquire(b->cls))) {
		r.ord = ORD_WRONG;
		r.by = is_release(a->cls) ? a : b;
		r.what = is_release(a->cls) ? "a release" : "an acquire";
	}
	for (k = i + 1; k < j; k++) {
		f = &fn->v[k];
		if (!facts_compatible(fn, a, f) || !facts_compatible(fn, f, b))
			continue;
		switch (f->op) {
		case FO_FENCE:
			m = fence_mask(f);
			if (m & need)
				return yes(f, f->name);
			if (m && r.ord == ORD_NONE) {
				r.ord = ORD_WRONG;
				r.by = f;
				r.what = f->name;
			}
			break;
		case FO_RMW:
			if (f->cls == OC_RMW_FULL)
				return yes(f, f->name);
			/* an acquire RMW of the flag read again (a cmpxchg
			 * after atomic_read()) is the read that counts */
			if (first_reads && f->key == a->key &&
			    is_acquire(f->cls))
				return yes(f, "an acquire");
			break;
		case FO_LOAD:
			if (first_reads && f->key == a->key &&
			    is_acquire(f->cls))
				return yes(f, "an acquire");
			break;
		case FO_LOCK:
		case FO_UNLOCK:
			r.ord = ORD_UNKNOWN;
			r.by = f;
			break;
		case FO_CALL:
			ce = (f->flags & FA_KNOWN) ?
				     find_callee(callees, f->name) :
				     NULL;
			if (ce)
				summarise(callees, ce, 0);
			if (ce && (ce->mask & need))
				return yes(f, f->name);
			if (!ce || ce->opaque) {
				r.ord = ORD_UNKNOWN;
				r.by = f;
			}
			break;
		default:
			break;
		}
	}
	return r;
}
