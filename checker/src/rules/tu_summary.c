// SPDX-License-Identifier: GPL-2.0
/*
 * What a whole translation unit says about each shared location (marked
 * or not, acquire/release, who publishes it, which stores a function
 * orders before which): made once per TU, before the function rules run,
 * because a rule on one function leans on what the others do.
 */
#include "tu_summary.h"

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

struct tu_summary {
	struct key_fact *keys;
	unsigned nkeys;
	struct writer_order *orders;
	unsigned norders;
};

static struct key_fact *key_fact(struct tu_summary *s, const char *key,
				 bool add)
{
	unsigned i;

	for (i = 0; i < s->nkeys; i++)
		if (!strcmp(s->keys[i].key, key))
			return &s->keys[i];
	if (!add)
		return NULL;
	s->keys = xrealloc(s->keys, (s->nkeys + 1) * sizeof(*s->keys));
	memset(&s->keys[s->nkeys], 0, sizeof(s->keys[0]));
	s->keys[s->nkeys].key = key;
	return &s->keys[s->nkeys++];
}

/*
 * The first order of a store to @first before one to @then whose function
 * is @fn (@same) or is not @fn (!@same; @fn NULL: any).
 */
static const struct writer_order *find_order(const struct tu_summary *s,
					     const char *first,
					     const char *then, const char *fn,
					     bool same)
{
	unsigned i;

	for (i = 0; i < s->norders; i++)
		if (!strcmp(s->orders[i].first, first) &&
		    !strcmp(s->orders[i].then, then) &&
		    (fn ? !strcmp(s->orders[i].function, fn) == same : !same))
			return &s->orders[i];
	return NULL;
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
	struct writer_order *w;

	/* one per function: a reader must not take itself for the writer */
	if (!strcmp(first, then) || find_order(s, first, then, fn, true))
		return;
	s->orders = xrealloc(s->orders, (s->norders + 1) * sizeof(*s->orders));
	w = &s->orders[s->norders++];
	w->first = first;
	w->then = then;
	w->how = how;
	w->function = fn;
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
	return find_order(ctx->tu, first, then, except, false);
}
