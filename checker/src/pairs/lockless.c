// SPDX-License-Identifier: GPL-2.0
/*
 * Lockless plain reads over the tree. A plain read of a published pointer
 * is known lockless inside an RCU section (the function rule says so);
 * elsewhere it may be update-side code under a lock its caller holds.
 * Over the whole tree a third case is known: when no access of the
 * location anywhere holds a lock (as far as each function shows, and no
 * function says by its name or an assertion that its caller holds one),
 * no lock can be what makes the plain read safe.
 */
#include "lockless.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../vocab/vocab.h"

/* How far back a write barrier makes a marked store a publication. */
enum { PUBLISH_WINDOW = 8 };

struct occ {
	const char *key;
	unsigned fn, i;
};

static int cmp_occ(const void *x, const void *y)
{
	const struct occ *a = x, *b = y;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->fn != b->fn ? (a->fn < b->fn ? -1 : 1) :
				(a->i < b->i ? -1 : a->i > b->i);
}

/*
 * A function whose accesses a lock may cover although it takes none: its
 * name says the caller holds one (..._locked()), or it asserts one held,
 * or it takes one itself somewhere.
 */
static bool under_lock(const struct fact_fn *f)
{
	unsigned k;

	if (vocab_name_is(f->name, R_CALLER_HOLDS))
		return true;
	for (k = 0; k < f->n; k++)
		if (f->v[k].op == FO_LOCK || f->v[k].locks ||
		    (f->v[k].op == FO_CALL && f->v[k].name[0] &&
		     vocab_name_is(f->v[k].name, R_ASSERTS_HELD)))
			return true;
	return false;
}

/* Store @i of @f publishes: a release, or a marked store after a wmb. */
static bool publishes(const struct fact_fn *f, unsigned i)
{
	const struct fact *s = &f->v[i];
	unsigned k;

	if (s->op != FO_STORE && s->op != FO_RMW)
		return false;
	if (s->cls == OC_PUBLISH || s->cls == OC_REL_STORE ||
	    s->cls == OC_RMW_REL)
		return true;
	if (!(s->flags & FA_MARKED))
		return false;
	for (k = i; k-- > 0 && k + PUBLISH_WINDOW >= i;)
		if (f->v[k].op == FO_FENCE &&
		    (f->v[k].cls == OC_FENCE_W ||
		     f->v[k].cls == OC_FENCE_FULL) &&
		    facts_compatible(f, &f->v[k], s))
			return true;
	return false;
}

/*
 * Names of functions that tear an object down (an RCU callback that
 * frees, a ..._destroy()): by then nobody else reaches it, and the grace
 * period or the last reference ordered what came before.
 */
static const char *const teardown_words[] = {
	"free", "destroy", "cleanup", "exit", "teardown",
};

static bool named_teardown(const char *name)
{
	unsigned i;

	for (i = 0; i < sizeof(teardown_words) / sizeof(teardown_words[0]); i++)
		if (strstr(name, teardown_words[i]))
			return true;
	return false;
}

/*
 * The reader's own evidence that it is not lockless, or that it has no
 * reason to be: it stores the location (the update side), reads a
 * seqcount (its retry loop is what it relies on), allocated before the
 * read (initialising an object nobody sees yet), is named for tearing
 * the object down.
 */
static bool reader_excused(const struct fact_fn *f, unsigned at)
{
	unsigned k;

	if (named_teardown(f->name))
		return true;

	for (k = 0; k < f->n; k++) {
		const struct fact *x = &f->v[k];

		if (x->key == f->v[at].key && fact_writes(x))
			return true;
		if (!x->name[0] || (x->op != FO_CALL && !fact_is_access(x)))
			continue;
		if (vocab_name_is(x->name,
				  R_SEQ_READ | R_RCU_LOCK | R_SRCU_LOCK) ||
		    (k < at && vocab_name_is(x->name, R_ALLOCATES)))
			return true;
	}
	return false;
}

/* The first access through the pointer that fact @at of @f loads. */
static int dereference(const struct fact_fn *f, unsigned at)
{
	unsigned k;

	for (k = at + 1; k < f->n; k++)
		if (f->v[k].adep == (int)at && fact_is_access(&f->v[k]))
			return (int)k;
	return -1;
}

static bool plain_pointer_load(const struct fact *x)
{
	return x->op == FO_LOAD && !(x->flags & (FA_MARKED | FA_RCU)) &&
	       (x->flags & FA_POINTER) && !x->locks;
}

/* One key's accesses, occ[lo .. hi): its lockless plain readers. */
static void judge_key(const struct fact_set *set, const struct occ *o,
		      size_t lo, size_t hi, const bool *locked,
		      void (*fn)(const struct pair_candidate *c, void *arg),
		      void *arg)
{
	struct plain_read r = { 0 };
	struct pair_candidate c = {
		SHAPE_PLAIN_READ, set, NULL, NULL, NULL, &r, 0, 0, NULL, NULL
	};
	const struct fact *pub = NULL;
	unsigned pub_fn = 0;
	size_t l;
	int d;

	for (l = lo; l < hi; l++) {
		if (locked[o[l].fn] || set->fns[o[l].fn].v[o[l].i].locks)
			return; /* a lock may protect every access */
		if (!pub && publishes(&set->fns[o[l].fn], o[l].i)) {
			pub = &set->fns[o[l].fn].v[o[l].i];
			pub_fn = o[l].fn;
		}
	}
	if (!pub)
		return;
	for (l = lo; l < hi; l++) {
		const struct fact_fn *f = &set->fns[o[l].fn];

		if (o[l].fn == pub_fn || !plain_pointer_load(&f->v[o[l].i]) ||
		    (d = dereference(f, o[l].i)) < 0 ||
		    reader_excused(f, o[l].i))
			continue;
		r.fn = o[l].fn;
		r.at = o[l].i;
		r.deref = (unsigned)d;
		r.publish = pub;
		r.publisher = set->fns[pub_fn].name;
		fn(&c, arg);
	}
}

/*
 * pairing_joinable() once per key, not once per access: the set's keys are
 * interned, so their address names them (open addressing, at most half
 * full; @says 1 joinable, 2 not).
 */
struct join_memo {
	const char **key;
	unsigned char *says;
	size_t n, cap;
};

static size_t join_slot(const struct join_memo *m, const char *key)
{
	size_t h = ((size_t)(uintptr_t)key >> 3) * 0x9e3779b97f4a7c15ull;

	for (h &= m->cap - 1; m->key[h] && m->key[h] != key;
	     h = (h + 1) & (m->cap - 1))
		;
	return h;
}

static bool joinable(struct join_memo *m, const char *key)
{
	size_t h, i, old;
	const char **ok;
	unsigned char *os;

	if (2 * (m->n + 1) > m->cap) {
		ok = m->key;
		os = m->says;
		old = m->cap;
		m->cap = m->cap ? 2 * m->cap : 4096;
		m->key = xcalloc(m->cap, sizeof(*m->key));
		m->says = xcalloc(m->cap, sizeof(*m->says));
		for (i = 0; i < old; i++)
			if (ok[i]) {
				h = join_slot(m, ok[i]);
				m->key[h] = ok[i];
				m->says[h] = os[i];
			}
		free(ok);
		free(os);
	}
	h = join_slot(m, key);
	if (!m->key[h]) {
		m->key[h] = key;
		m->says[h] = pairing_joinable(key) ? 1 : 2;
		m->n++;
	}
	return m->says[h] == 1;
}

void lockless_find(const struct fact_set *set,
		   void (*fn)(const struct pair_candidate *c, void *arg),
		   void *arg)
{
	struct occ *o = NULL;
	size_t n = 0, cap = 0, lo, hi;
	bool *locked = xcalloc(set->nfns ? set->nfns : 1, sizeof(*locked));
	struct join_memo memo = { 0 };
	unsigned f, i;

	for (f = 0; f < set->nfns; f++) {
		locked[f] = under_lock(&set->fns[f]);
		for (i = 0; i < set->fns[f].n; i++) {
			const struct fact *x = &set->fns[f].v[i];

			if (!fact_is_access(x) || !joinable(&memo, x->key))
				continue;
			if (n == cap) {
				cap = cap ? 2 * cap : 4096;
				o = xrealloc(o, cap * sizeof(*o));
			}
			o[n].key = x->key;
			o[n].fn = f;
			o[n++].i = i;
		}
	}
	if (n)
		qsort(o, n, sizeof(*o), cmp_occ);
	for (lo = 0; lo < n; lo = hi) {
		for (hi = lo + 1; hi < n && o[hi].key == o[lo].key; hi++)
			;
		judge_key(set, o, lo, hi, locked, fn, arg);
	}
	free(locked);
	free(o);
	free(memo.key);
	free(memo.says);
}
