// SPDX-License-Identifier: GPL-2.0
/* Making events: their defaults, what a primitive gives them, where they go. */
#include <stdlib.h>

#include "builder.h"

struct event *event_new(struct builder *b, enum ev_type type)
{
	struct event *e = arena_alloc(&b->arena, sizeof(*e));

	e->type = type;
	e->order = e->order_fail = MO_UNKNOWN;
	e->folds = -1;
	e->parent = b->parent;
	e->flags = b->flags;
	return e;
}

void event_push(struct evlist *l, struct event *e)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 8;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = e;
}

/* Append @e to the list being filled; a load is a source of the value too. */
void event_emit(struct builder *b, struct event *e)
{
	if (b->in_loc)
		e->flags |= EVF_IN_LOC;
	event_push(b->cur, e);
	if (b->coll && e->type == EV_ACCESS &&
	    (e->kind == K_LOAD || (e->kind == K_RMW && (e->flags & F_RET))))
		defuse_add(b->coll, e);
}

void event_set_prim(struct event *e, const struct vocab_entry *p,
		    const struct build_opts *o)
{
	static const enum ev_type by_kind[] = {
		[K_LOAD] = EV_ACCESS,	    [K_STORE] = EV_ACCESS,
		[K_RMW] = EV_ACCESS,	    [K_FENCE] = EV_FENCE,
		[K_MODIFIER] = EV_MODIFIER, [K_LOCK] = EV_LOCK,
		[K_UNLOCK] = EV_LOCK,	    [K_MARKER] = EV_MARKER,
	};

	e->type = by_kind[p->kind];
	e->prim = p;
	e->name = p->name;
	e->kind = p->kind;
	e->cls = p->cls;
	e->flags |= p->flags;
	if (o->old_bitops && (p->flags & F_BITOP_V6))
		e->flags |= F_COND;
}

/* Class and orders of a C11/GNU operation from its order arguments. */
void event_set_order(struct event *e, int mo, int mo_fail)
{
	e->order = mo;
	e->order_fail = mo_fail;
	if (e->flags & F_INIT) {
		e->cls = OC_PLAIN;
		return;
	}
	e->cls = vocab_class_for_order(e->kind,
				       mo == MO_UNKNOWN ? MO_SEQ_CST : mo);
	if (mo == MO_SEQ_CST || mo == MO_UNKNOWN)
		e->flags |= F_SEQ_CST;
}

/* The lists' arrays; the events themselves live in the arena. */
void event_free_list(struct evlist *l)
{
	unsigned i, j;

	for (i = 0; i < l->n; i++)
		for (j = 0; j < l->v[i]->nlegs; j++)
			event_free_list(&l->v[i]->legs[j]);
	free(l->v);
}
