// SPDX-License-Identifier: GPL-2.0
/*
 * What a whole translation unit says about each shared location (marked
 * or not, acquire/release, who publishes it, which stores a function
 * orders before which): made once per TU, before the function rules run,
 * because a rule on one function leans on what the others do.
 */
#include "tu_summary.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../events/tu.h" /* struct tu_ir: the functions to walk */
#include "../pairs/pairing.h"
#include "../util.h"
#include "context.h"
#include "rule.h"

struct key_fact {
	const char *key;
	bool marked, acq_rel;
	unsigned nplain, nmarked;
	struct publisher pub; /* .how is NULL if nothing publishes it */
};

/*
 * The orders of one pair of locations: a rule asks for the first one not
 * in a given function, which is the pair's first order or, if that one is
 * in the function, the first order of another function.
 */
struct pair_orders {
	unsigned first, other; /* indices into orders; other: NO_ORDER */
};

#define NO_ORDER UINT_MAX

/*
 * Hashed, not scanned: a generated file of thousands of functions that
 * all order the same two locations made these lookups quadratic (issue
 * 34: 19.6 s for 20k functions).
 */
struct tu_summary {
	struct key_fact *keys;
	unsigned nkeys;
	struct strmap *key_index; /* key -> index + 1 into keys */
	struct writer_order *orders;
	unsigned norders;
	struct strmap *pairs; /* order_key(first, then) -> pair_orders */
	struct strmap *in_fn; /* order_key(first, then, fn) -> non-NULL */
};

/*
 * One map key for the strings of @v: each one's length first, so that no
 * two lists of keys (which may hold any byte but NUL) spell the same.
 */
static char *order_key(const char *const *v, unsigned n)
{
	struct strbuf b = { 0 };
	unsigned i;

	for (i = 0; i < n; i++)
		sb_printf(&b, "%zu:%s", strlen(v[i]), v[i]);
	return sb_detach(&b);
}

static struct key_fact *key_fact(struct tu_summary *s, const char *key,
				 bool add)
{
	void **slot;
	bool added;

	if (!add) {
		uintptr_t i = (uintptr_t)strmap_get(s->key_index, key);

		return i ? &s->keys[i - 1] : NULL;
	}
	slot = strmap_slot(s->key_index, key, strlen(key), &added);
	if (!added)
		return &s->keys[(uintptr_t)*slot - 1];
	s->keys = xrealloc(s->keys, (s->nkeys + 1) * sizeof(*s->keys));
	memset(&s->keys[s->nkeys], 0, sizeof(s->keys[0]));
	s->keys[s->nkeys].key = key;
	*slot = (void *)(uintptr_t)(s->nkeys + 1);
	return &s->keys[s->nkeys++];
}

/*
 * The first order of a store to @first before one to @then not in @fn
 * (@fn NULL: in any function).
 */
static const struct writer_order *find_order(const struct tu_summary *s,
					     const char *first,
					     const char *then, const char *fn)
{
	const char *v[] = { first, then };
	char *k = order_key(v, 2);
	const struct pair_orders *p = strmap_get(s->pairs, k);

	free(k);
	if (!p)
		return NULL;
	if (!fn || strcmp(s->orders[p->first].function, fn))
		return &s->orders[p->first];
	return p->other == NO_ORDER ? NULL : &s->orders[p->other];
}

/* Order number @i is the newest of its pair: the pair's lookup learns it. */
static void index_order(struct tu_summary *s, unsigned i)
{
	const struct writer_order *w = &s->orders[i];
	const char *v[] = { w->first, w->then };
	char *k = order_key(v, 2);
	struct pair_orders *p;
	void **slot;
	bool added;

	slot = strmap_slot(s->pairs, k, strlen(k), &added);
	free(k);
	if (added) {
		p = *slot = xcalloc(1, sizeof(*p));
		p->first = i;
		p->other = NO_ORDER;
		return;
	}
	p = *slot;
	if (p->other == NO_ORDER &&
	    strcmp(s->orders[p->first].function, w->function))
		p->other = i;
}

static bool is_acq_rel(const struct event *e)
{
	switch (e->cls) {
	case OC_ACQ_LOAD:
	case OC_REL_STORE:
	case OC_PUBLISH:
	case OC_RMW_ACQ:
	case OC_RMW_REL:
	case OC_RMW_ACQREL:
	case OC_RMW_FULL:
	case OC_RMW_SC:
		return true;
	default:
		return false;
	}
}

static void add_order(struct tu_summary *s, const char *first, const char *then,
		      const struct event *how, const char *fn)
{
	const char *v[] = { first, then, fn };
	struct writer_order *w;
	void **slot;
	bool added;
	char *k;

	if (!strcmp(first, then))
		return;
	/* one per function: a reader must not take itself for the writer */
	k = order_key(v, 3);
	slot = strmap_slot(s->in_fn, k, strlen(k), &added);
	free(k);
	if (!added)
		return;
	*slot = s;
	s->orders = xrealloc(s->orders, (s->norders + 1) * sizeof(*s->orders));
	w = &s->orders[s->norders++];
	w->first = first;
	w->then = then;
	w->how = how;
	w->function = fn;
	index_order(s, s->norders - 1);
}

struct fact_walk {
	struct tu_summary *s;
	const struct function_ir *fn;
};

/*
 * A store that publishes what is at its location to readers: one that
 * orders the stores before it (rcu_assign_pointer(), a release), or a
 * marked store after smp_wmb() (or wmb()) in the same list.
 */
static void note_publisher(struct fact_walk *w, const struct event *e,
			   const struct event *fence)
{
	struct key_fact *k = key_fact(w->s, e->key, true);
	static char how[96];

	/*
	 * A link of a generic list or tree (list_head.next, published by
	 * list_del_init_careful() for list_empty_careful() alone) is every
	 * subsystem's: its readers walk their own lists under their own
	 * locks, and that list_for_each_entry() is not _rcu is lockdep's
	 * to check (CONFIG_PROVE_RCU_LIST), not ours to guess. On Linux
	 * 6.1 these were 23 false address-dependency findings.
	 */
	if (k->pub.how || e->kind != K_STORE || !pairing_joinable(e->key))
		return;
	if (e->cls == OC_PUBLISH || e->cls == OC_REL_STORE) {
		snprintf(how, sizeof(how), "%s()", e->name);
		k->pub.how = xstrdup(how);
	} else if (fence && fence->cls == OC_FENCE_W && e->prim) {
		/* smp_wmb(); WRITE_ONCE(): a full barrier or a side-effect
		 * one (synchronize_rcu(), wake_up()) before a store is not
		 * how pointers are published */
		snprintf(how, sizeof(how), "%s() after %s()", e->name,
			 fence->name);
		k->pub.how = xstrdup(how);
	} else {
		return;
	}
	k->pub.at = e;
	k->pub.fence =
		e->cls == OC_PUBLISH || e->cls == OC_REL_STORE ? NULL : fence;
	k->pub.function = w->fn->name;
}

/*
 * Per list: stores seen so far, and which of them a write-ordering fence
 * came after; a later marked store is ordered after those.
 */
static void facts_list(const struct evlist *l, void *arg)
{
	struct fact_walk *w = arg;
	const struct event *e, *stores[64], *fence = NULL;
	unsigned i, j, n = 0, fenced = 0;

	evlist_for_each(l, i, e) {
		if (e->type == EV_ACCESS && events_shared_key(e->key)) {
			struct key_fact *k = key_fact(w->s, e->key, true);

			k->marked |= events_is_marked(e);
			k->acq_rel |= is_acq_rel(e);
			if (events_is_marked(e))
				k->nmarked++;
			else
				k->nplain++;
		}
		if (e->type == EV_FENCE &&
		    (vocab_fence_mask(e->cls, e->flags) & VO_WW)) {
			fence = e;
			fenced = n;
			continue;
		}
		if (e->type != EV_ACCESS || e->kind == K_LOAD ||
		    !events_shared_key(e->key))
			continue;
		note_publisher(w, e, fence);
		if (events_is_marked(e)) {
			bool rel =
				e->cls == OC_REL_STORE || e->cls == OC_PUBLISH;

			for (j = 0; j < (rel ? n : fenced); j++)
				add_order(w->s, stores[j]->key, e->key,
					  rel ? e : fence, w->fn->name);
		}
		if (n < 64)
			stores[n++] = e;
	}
}

struct tu_summary *tu_summary_new(const struct tu_ir *ir, const char *file)
{
	struct tu_summary *s = xcalloc(1, sizeof(*s));
	unsigned i;

	s->key_index = strmap_new();
	s->pairs = strmap_new();
	s->in_fn = strmap_new();
	for (i = 0; i < ir->nfns; i++) {
		struct fact_walk w = { s, ir->fns[i] };

		if (file && ir->fns[i]->span.file != file)
			continue;

		events_for_each_list(ir->fns[i], facts_list, &w);
	}
	return s;
}

void tu_summary_free(struct tu_summary *s)
{
	unsigned i;

	if (!s)
		return;
	for (i = 0; i < s->nkeys; i++)
		free((char *)s->keys[i].pub.how);
	free(s->keys);
	free(s->orders);
	strmap_free(s->key_index, NULL);
	strmap_free(s->pairs, free);
	strmap_free(s->in_fn, NULL);
	free(s);
}

/* What the TU says about @key, if it is a location others share. */
static const struct key_fact *shared(struct rule_ctx *ctx, const char *key)
{
	return events_shared_key(key) ? key_fact(ctx->tu, key, false) : NULL;
}

bool rule_tu_marked(struct rule_ctx *ctx, const char *key)
{
	const struct key_fact *k = shared(ctx, key);

	return k && k->marked;
}

bool rule_tu_only_plain(struct rule_ctx *ctx, const char *key)
{
	const struct key_fact *k = shared(ctx, key);

	return k && k->nplain == 1 && k->nmarked;
}

const struct publisher *rule_tu_publisher(struct rule_ctx *ctx, const char *key)
{
	const struct key_fact *k = shared(ctx, key);

	return k && k->pub.how ? &k->pub : NULL;
}

bool rule_tu_acq_rel(struct rule_ctx *ctx, const char *key)
{
	const struct key_fact *k = shared(ctx, key);

	return k && k->acq_rel;
}

const struct writer_order *rule_tu_writer_order(struct rule_ctx *ctx,
						const char *first,
						const char *then,
						const char *except)
{
	return find_order(ctx->tu, first, then, except);
}
