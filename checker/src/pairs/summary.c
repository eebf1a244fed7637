// SPDX-License-Identifier: GPL-2.0
/*
 * Callee summaries over the whole tree (summary.h). A summary is computed
 * from the function's facts and, bottom-up, its callees' summaries, each
 * once; a function met again while its own summary is being computed
 * (recursion) or deeper than SUMMARY_DEPTH below the first is taken as
 * opaque for what it would add: what we cannot see may do anything.
 *
 * A function the tree does not define (kmalloc(), memset(), printk()
 * outside the checked files) is taken as transparent: it does not order
 * or touch the caller's shared objects. Except where its name says it
 * locks, waits, wakes or orders (waiting_names[]): such a call may be
 * the very thing that orders, and we say we cannot tell.
 */
#include "summary.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../vocab/vocab.h"
#include "order.h"

#define ALL_ORDERS (VO_RR | VO_RW | VO_WR | VO_WW)

enum {
	SUMMARY_DEPTH = 4, /* how far below a call we look */
	SUMMARY_KEYS = 48, /* keys kept per summary; more is "any" */
};

/* What a name says, asked of the vocabulary once per name. */
enum { NAME_ALLOCATES = 1, NAME_MAY_ORDER = 2, NAME_ASKED = 4, NAME_LOGS = 8 };

struct name_memo {
	const char *name; /* interned: by address */
	unsigned says;
};

struct summaries {
	const struct fact_set *set;
	struct fn_summary *v; /* one per name, sorted by name's address */
	unsigned n;
	unsigned *fns; /* function numbers, grouped by name */
	struct name_memo *memo; /* open addressing, cap a power of two */
	unsigned nmemo, capmemo;
};

/*
 * Parts of names of functions we cannot see that may order or wait: a
 * lock, a sleep, a wake-up, RCU, a completion, a barrier or an atomic
 * not in the vocabulary. Matched anywhere in the name.
 */
static const char *const waiting_names[] = {
	"lock",	   "mutex", "sem",   "wait",	   "wake",   "sleep",
	"sched",   "yield", "park",  "complete",   "rcu",    "sync",
	"barrier", "fence", "flush", "atomic",	   "xchg",   "test_and",
	"smp_",	   "_mb",   "ipi",   "queue_work", "signal",
};

static bool name_may_order(const char *name)
{
	unsigned i;

	for (i = 0; i < sizeof(waiting_names) / sizeof(waiting_names[0]); i++)
		if (strstr(name, waiting_names[i]))
			return true;
	return false;
}

static unsigned memo_slot(const struct name_memo *v, unsigned cap,
			  const char *name)
{
	uint64_t h = (uint64_t)(uintptr_t)name;
	unsigned i;

	h ^= h >> 17;
	h *= 0x9e3779b97f4a7c15ull;
	i = (unsigned)(h >> 32) & (cap - 1);

	while (v[i].name && v[i].name != name)
		i = (i + 1) & (cap - 1);
	return i;
}

/* NAME_* for @name; the table is a cache, hence the cast of @m's const. */
static unsigned name_says(const struct summaries *cm, const char *name)
{
	struct summaries *m = (struct summaries *)cm;
	struct name_memo *big;
	unsigned i, k;

	if (2 * (m->nmemo + 1) > m->capmemo) {
		k = m->capmemo ? 2 * m->capmemo : 1024;
		big = xcalloc(k, sizeof(*big));
		for (i = 0; i < m->capmemo; i++)
			if (m->memo[i].name)
				big[memo_slot(big, k, m->memo[i].name)] =
					m->memo[i];
		free(m->memo);
		m->memo = big;
		m->capmemo = k;
	}
	i = memo_slot(m->memo, m->capmemo, name);
	if (!m->memo[i].name) {
		m->memo[i].name = name;
		m->memo[i].says =
			NAME_ASKED |
			(vocab_name_is(name, R_ALLOCATES) ? NAME_ALLOCATES :
							    0) |
			(vocab_name_is(name, R_LOGS) ? NAME_LOGS : 0) |
			(name_may_order(name) ? NAME_MAY_ORDER : 0);
		m->nmemo++;
	}
	return m->memo[i].says;
}

bool summary_allocates(const struct summaries *m, const char *name)
{
	return name_says(m, name) & NAME_ALLOCATES;
}

bool summary_logs(const struct summaries *m, const char *name)
{
	return name_says(m, name) & NAME_LOGS;
}

bool summary_may_order(const struct summaries *m, const char *name)
{
	return name_says(m, name) & NAME_MAY_ORDER;
}

static int by_name(const void *a, const void *b)
{
	const struct fn_summary *x = a, *y = b;

	return x->name < y->name ? -1 : x->name > y->name;
}

struct summaries *summaries_new(const struct fact_set *s)
{
	struct summaries *m = xcalloc(1, sizeof(*m));
	unsigned i, n = 0;

	m->set = s;
	m->v = xcalloc(s->nfns ? s->nfns : 1, sizeof(*m->v));
	m->fns = xcalloc(s->nfns ? s->nfns : 1, sizeof(*m->fns));
	for (i = 0; i < s->nfns; i++) {
		m->v[i].name = s->fns[i].name;
		m->v[i].fn = i;
	}
	qsort(m->v, s->nfns, sizeof(*m->v), by_name);
	for (i = 0; i < s->nfns; i++)
		m->fns[i] = m->v[i].fn;
	for (i = 0; i < s->nfns; i++) {
		if (!n || m->v[n - 1].name != m->v[i].name) {
			m->v[n] = m->v[i];
			m->v[n].fn = i;
			m->v[n++].nfn = 0;
		}
		m->v[n - 1].nfn++;
	}
	m->n = n;
	return m;
}

void summaries_free(struct summaries *m)
{
	unsigned i;

	if (!m)
		return;
	for (i = 0; i < m->n; i++) {
		free(m->v[i].keys);
		free(m->v[i].what);
	}
	free(m->v);
	free(m->fns);
	free(m->memo);
	free(m);
}

static struct fn_summary *find(const struct summaries *m, const char *name)
{
	struct fn_summary key = { .name = name };

	return m->n ? bsearch(&key, m->v, m->n, sizeof(*m->v), by_name) : NULL;
}

static int cmp_ptr(const void *a, const void *b)
{
	const char *const *x = a, *const *y = b;

	return *x < *y ? -1 : *x > *y;
}

bool summary_touches(const struct fn_summary *s, const char *key)
{
	return s->many_keys || (s->nkeys && bsearch(&key, s->keys, s->nkeys,
						    sizeof(*s->keys), cmp_ptr));
}

static void add_key(struct fn_summary *s, const char *key)
{
	unsigned i;

	if (s->many_keys || summary_touches(s, key))
		return;
	if (s->nkeys == SUMMARY_KEYS) {
		s->many_keys = true;
		return;
	}
	if ((s->nkeys & (s->nkeys + 1)) == 0 || !s->keys)
		s->keys = xrealloc(s->keys,
				   (2 * s->nkeys + 2) * sizeof(*s->keys));
	for (i = s->nkeys; i > 0 && s->keys[i - 1] > key; i--)
		s->keys[i] = s->keys[i - 1];
	s->keys[i] = key;
	s->nkeys++;
}

/* The ordering one fact gives, as a function's entry or exit. */
static enum sum_order order_of(const struct fact *f)
{
	unsigned m;

	switch (f->op) {
	case FO_FENCE:
		m = order_fence_mask(f);
		return m == ALL_ORDERS ? SO_FULL : m ? SO_FENCE : SO_NONE;
	case FO_RMW:
		return f->cls == OC_RMW_FULL	? SO_FULL :
		       order_is_release(f->cls) ? SO_RELEASE :
		       order_is_acquire(f->cls) ? SO_ACQUIRE :
						  SO_NONE;
	case FO_LOAD:
		return order_is_acquire(f->cls) ? SO_ACQUIRE : SO_NONE;
	case FO_STORE:
		return order_is_release(f->cls) ? SO_RELEASE : SO_NONE;
	case FO_LOCK:
		return SO_LOCK;
	case FO_UNLOCK:
		return SO_UNLOCK;
	default:
		return SO_NONE;
	}
}

static void summarise(const struct summaries *m, struct fn_summary *s,
		      unsigned depth);

/* What a fence or full RMW @f of @in adds to @s's mask. */
static void add_mask(struct fn_summary *s, unsigned mask, const char *by,
		     const char *in)
{
	if (mask & ~s->mask && !s->by) {
		s->by = by;
		s->by_in = in;
	}
	s->mask |= mask;
}

static void summarise_call(const struct summaries *m, struct fn_summary *s,
			   const struct fact *f, unsigned depth, bool first,
			   bool last)
{
	struct fn_summary *sub = find(m, f->name);
	unsigned i;

	/* allocators hand out objects nobody else sees yet; a log call's
	 * barriers are printk's own */
	if (name_says(m, f->name) & (NAME_ALLOCATES | NAME_LOGS))
		return;
	if (!sub || (!sub->done && depth + 1 >= SUMMARY_DEPTH)) {
		if (name_says(m, f->name) & NAME_MAY_ORDER)
			s->opaque = s->relevant = true;
		return;
	}
	summarise(m, sub, depth + 1);
	if (sub->busy) {
		/* recursion: what we know so far, and say we cannot tell */
		s->opaque = s->relevant = true;
		return;
	}
	if (sub->mask)
		add_mask(s, sub->mask, sub->by, sub->by_in);
	s->opaque |= sub->opaque;
	s->relevant |= sub->relevant;
	if (sub->many_keys)
		s->many_keys = true;
	for (i = 0; i < sub->nkeys; i++)
		add_key(s, sub->keys[i]);
	if (first && s->entry == SO_NONE)
		s->entry = sub->entry;
	if (last)
		s->exit = sub->exit;
}

static void summarise_fn(const struct summaries *m, struct fn_summary *s,
			 const struct fact_fn *fn, unsigned depth)
{
	const struct fact *f;
	const char *in;
	unsigned i;

	for (i = 0; i < fn->n; i++) {
		f = &fn->v[i];
		if (fact_is_access(f)) {
			add_key(s, f->key);
			s->relevant = true;
		}
		/* a fence of an inlined callee is that callee's */
		in = fn->via && fn->via[i].depth ? fn->via[i].callee : fn->name;
		if (f->op == FO_FENCE) {
			add_mask(s, order_fence_mask(f), f->name, in);
			s->relevant = true;
		} else if (f->op == FO_RMW && f->cls == OC_RMW_FULL) {
			add_mask(s, ALL_ORDERS, f->name, in);
		} else if (f->op == FO_LOCK || f->op == FO_UNLOCK) {
			s->opaque = s->relevant = true;
		} else if (f->op == FO_CALL) {
			summarise_call(m, s, f, depth, i == 0, i + 1 == fn->n);
			continue;
		}
		if (i == 0 && s->entry == SO_NONE)
			s->entry = order_of(f);
		if (i + 1 == fn->n)
			s->exit = order_of(f);
	}
}

static void summarise(const struct summaries *m, struct fn_summary *s,
		      unsigned depth)
{
	unsigned i;

	if (s->done || s->busy)
		return;
	s->busy = true;
	for (i = s->fn; i < s->fn + s->nfn; i++)
		summarise_fn(m, s, &m->set->fns[m->fns[i]], depth);
	if (s->by)
		s->what = xasprintf("%s() in %s()", s->by, s->by_in);
	s->busy = false;
	s->done = true;
}

const struct fn_summary *summary_of_name(const struct summaries *m,
					 const char *name)
{
	struct fn_summary *s = find(m, name);

	if (s)
		summarise(m, s, 0);
	return s;
}

static int cmp_unsigned(const void *a, const void *b)
{
	const unsigned *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

unsigned summary_functions(const struct summaries *m, const char *name,
			   unsigned *out, unsigned max)
{
	const struct fn_summary *s = find(m, name);
	unsigned *all, n, i;

	if (!s)
		return 0;
	all = xmalloc(s->nfn * sizeof(*all));
	for (i = 0; i < s->nfn; i++)
		all[i] = m->fns[s->fn + i];
	qsort(all, s->nfn, sizeof(*all), cmp_unsigned);
	for (n = 0; n < s->nfn && n < max; n++)
		out[n] = all[n];
	n = s->nfn;
	free(all);
	return n;
}

const struct fact_fn *summary_definition(const struct summaries *m,
					 const char *name,
					 const struct fact_fn *caller)
{
	const struct fn_summary *s = find(m, name);
	const struct fact_fn *f, *same_file = NULL;
	unsigned i;

	if (!s)
		return NULL;
	if (s->nfn == 1)
		return &m->set->fns[m->fns[s->fn]];
	/* a static of this name in many files: the caller's own */
	for (i = s->fn; i < s->fn + s->nfn; i++) {
		f = &m->set->fns[m->fns[i]];
		if (f->tu == caller->tu)
			return f;
		if (!same_file && !strcmp(f->file, caller->file))
			same_file = f;
	}
	return same_file;
}

enum call_effect summary_call_effect(const struct summaries *m,
				     const struct fact *call, unsigned need,
				     const char *k1, const char *k2,
				     const char **what)
{
	const struct fn_summary *s;

	if (name_says(m, call->name) & (NAME_ALLOCATES | NAME_LOGS))
		return CALL_TRANSPARENT;
	s = summary_of_name(m, call->name);
	if (!s)
		return (name_says(m, call->name) & NAME_MAY_ORDER) ?
			       CALL_UNKNOWN :
			       CALL_TRANSPARENT;
	if (s->mask & need) {
		*what = s->what;
		return CALL_ORDERS;
	}
	if (s->opaque || summary_touches(s, k1) || summary_touches(s, k2))
		return CALL_UNKNOWN;
	return CALL_TRANSPARENT;
}
