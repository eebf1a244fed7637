// SPDX-License-Identifier: GPL-2.0
/* Walking the lists of a function's IR, and neighbours within a list. */
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

const struct event *events_prev(const struct evlist *l, unsigned i)
{
	return i > 0 && i <= l->n ? l->v[i - 1] : NULL;
}

const struct event *events_next(const struct evlist *l, unsigned i)
{
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
