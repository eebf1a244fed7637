// SPDX-License-Identifier: GPL-2.0
/* Walking a function's IR: its lists, the neighbours of an event, callees. */
#include "events.h"

static void walk(const struct evlist *l, events_list_fn fn, void *arg)
{
	unsigned i, j;
	const struct event *e;

	fn(l, arg);
	evlist_for_each(l, i, e)
		for (j = 0; j < e->nlegs; j++)
			walk(&e->legs[j], fn, arg);
}

void events_for_each_list(const struct function_ir *f, events_list_fn fn,
			  void *arg)
{
	walk(&f->body, fn, arg);
}

/*
 * The loads that compute a primitive's location (p->q in
 * atomic_inc(&p->q->cnt)) are part of that primitive, not events between
 * it and its neighbours.
 */
const struct event *events_prev(const struct evlist *l, unsigned i)
{
	if (i > l->n)
		return NULL;
	while (i > 0 && (l->v[i - 1]->flags & EVF_IN_LOC))
		i--;
	return i > 0 ? l->v[i - 1] : NULL;
}

const struct event *events_next(const struct evlist *l, unsigned i)
{
	while (i + 1 < l->n && (l->v[i + 1]->flags & EVF_IN_LOC))
		i++;
	return i + 1 < l->n ? l->v[i + 1] : NULL;
}

const struct event *events_through_call(const struct event *e, bool last)
{
	const struct event *c;

	if (!e || e->type != EV_CALL)
		return e;
	c = last ? e->callee_last : e->callee_first;
	return c ? c : e;
}

static const struct evlist *find_in(const struct evlist *l,
				    const struct event *e, unsigned *idx)
{
	unsigned i, j;
	const struct evlist *r;

	for (i = 0; i < l->n; i++) {
		if (l->v[i] == e) {
			*idx = i;
			return l;
		}
		for (j = 0; j < l->v[i]->nlegs; j++) {
			r = find_in(&l->v[i]->legs[j], e, idx);
			if (r)
				return r;
		}
	}
	return NULL;
}

const struct evlist *events_list_of(const struct function_ir *fn,
				    const struct event *e, unsigned *idx)
{
	return find_in(&fn->body, e, idx);
}
