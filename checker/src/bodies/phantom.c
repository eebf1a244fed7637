// SPDX-License-Identifier: GPL-2.0
/*
 * Copies of the header functions a worker built, for the TUs whose parse
 * did not see their bodies (bodies.h blanked them where nothing calls
 * them). The walk builds every header function that names a primitive in
 * every TU, because the TU's rules read them all (tu_summary.c: who
 * publishes a location, which stores are ordered); where one was blanked,
 * the walk puts this copy in its place, a repeat, as if it had built it.
 * A copy keeps what those read of another function's events: kind, class,
 * key, names, spans and the legs of branches, not the links between
 * events (parent, dependencies, callees).
 */
#include <stdlib.h>
#include <string.h>

#include "../util.h"
#include "worker.h"

struct phantom_set {
	struct strset *strs; /* every string the copies hold */
	struct strmap *fns; /* key -> struct function_ir */
};

struct phantom_set *phantoms_new(void)
{
	struct phantom_set *p = xcalloc(1, sizeof(*p));

	p->strs = strset_new();
	p->fns = strmap_new();
	return p;
}

static const char *keep(struct phantom_set *p, const char *s)
{
	return s ? strset_intern(p->strs, s, strlen(s)) : NULL;
}

static void copy_list(struct phantom_set *p, struct evlist *to,
		      const struct evlist *from);

static struct event *copy_event(struct phantom_set *p, const struct event *e)
{
	struct event *c = xmalloc(sizeof(*c));
	unsigned j;

	*c = *e;
	c->name = keep(p, e->name);
	c->key = keep(p, e->key);
	c->base = keep(p, e->base);
	c->written = keep(p, e->written);
	c->args = keep(p, e->args);
	c->fold_reason = keep(p, e->fold_reason);
	c->cond_text = keep(p, e->cond_text);
	c->value_text = keep(p, e->value_text);
	c->bit = keep(p, e->bit);
	c->addr_why = keep(p, e->addr_why);
	c->span.file = keep(p, e->span.file);
	c->addr_why_span.file = keep(p, e->addr_why_span.file);
	c->parent = NULL;
	c->callee_first = c->callee_last = NULL;
	c->callee_known = false;
	c->callee_body = NULL;
	c->callee_params = NULL;
	c->callee_nparams = 0;
	c->deps = c->adeps = NULL;
	c->ndeps = c->nadeps = 0;
	c->cmp = NULL;
	for (j = 0; j < e->nlegs; j++)
		copy_list(p, &c->legs[j], &e->legs[j]);
	return c;
}

static void copy_list(struct phantom_set *p, struct evlist *to,
		      const struct evlist *from)
{
	unsigned i;

	to->n = to->cap = from->n;
	to->v = from->n ? xmalloc(from->n * sizeof(*to->v)) : NULL;
	for (i = 0; i < from->n; i++)
		to->v[i] = copy_event(p, from->v[i]);
}

void phantom_put(struct phantom_set *p, const char *key,
		 const struct function_ir *f)
{
	struct function_ir *c;
	bool added;
	void **v = strmap_slot(p->fns, key, strlen(key), &added);

	if (!added)
		return;
	c = xcalloc(1, sizeof(*c));
	c->name = keep(p, f->name);
	c->span = f->span;
	c->span.file = keep(p, f->span.file);
	c->in_header = f->in_header;
	c->repeat = c->borrowed = true;
	copy_list(p, &c->body, &f->body);
	*v = c;
}

const struct function_ir *phantom_get(const struct phantom_set *p,
				      const char *key)
{
	return strmap_get(p->fns, key);
}

static void free_list(struct evlist *l)
{
	unsigned i, j;

	for (i = 0; i < l->n; i++) {
		for (j = 0; j < l->v[i]->nlegs; j++)
			free_list(&l->v[i]->legs[j]);
		free(l->v[i]);
	}
	free(l->v);
}

static void free_copy(void *v)
{
	struct function_ir *f = v;

	free_list(&f->body);
	free(f);
}

void phantoms_free(struct phantom_set *p)
{
	if (!p)
		return;
	strmap_free(p->fns, free_copy);
	strset_free(p->strs);
	free(p);
}
