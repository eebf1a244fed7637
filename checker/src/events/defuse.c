// SPDX-License-Identifier: GPL-2.0
/*
 * Def-use within a function: the loads a value is computed from, directly
 * or through local variables.
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"

void defuse_add(struct srcset *s, const struct event *e)
{
	unsigned i;

	for (i = 0; i < s->n; i++)
		if (s->v[i] == e)
			return;
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 4;
		s->v = xrealloc(s->v, s->cap * sizeof(*s->v));
	}
	s->v[s->n++] = e;
}

void defuse_merge(struct srcset *dst, const struct srcset *src)
{
	unsigned i;

	for (i = 0; i < src->n; i++)
		defuse_add(dst, src->v[i]);
	if (src->how && !dst->why) {
		dst->why = src->why;
		dst->why_span = src->why_span;
	}
	dst->how |= src->how;
}

/* A local assigned anew: its old sources are gone. */
void defuse_clear(struct srcset *s)
{
	s->n = 0;
	s->how = 0;
	s->why = NULL;
}

/* Collect into @s the loads of what is visited until defuse_end(). */
struct srcset *defuse_begin(struct builder *b, struct srcset *s)
{
	struct srcset *outer = b->coll;

	memset(s, 0, sizeof(*s));
	b->coll = s;
	return outer;
}

/* The value computed also flows into the expression around it. */
void defuse_end(struct builder *b, struct srcset *outer)
{
	if (outer)
		defuse_merge(outer, b->coll);
	b->coll = outer;
}

struct local_val *defuse_local(struct builder *b, CXCursor decl, bool add)
{
	unsigned i;

	for (i = 0; i < b->nlocals; i++)
		if (clang_equalCursors(b->locals[i].decl, decl))
			return &b->locals[i];
	if (!add)
		return NULL;
	b->locals = xrealloc(b->locals, (b->nlocals + 1) * sizeof(*b->locals));
	memset(&b->locals[b->nlocals], 0, sizeof(b->locals[0]));
	b->locals[b->nlocals].decl = decl;
	return &b->locals[b->nlocals++];
}

void defuse_locals_reset(struct builder *b)
{
	unsigned i;

	for (i = 0; i < b->nlocals; i++)
		free(b->locals[i].src.v);
	b->nlocals = 0;
}

/* The events of a source set, copied to the arena (NULL if none). */
const struct event **defuse_copy(struct builder *b, const struct srcset *s)
{
	const struct event **v = NULL;

	if (s->n) {
		v = arena_alloc(&b->arena, s->n * sizeof(*v));
		memcpy(v, s->v, s->n * sizeof(*v));
	}
	return v;
}

/* @s as the loads @e's address comes from; @s's array is freed. */
void defuse_set_adeps(struct builder *b, struct event *e, struct srcset *s)
{
	if (e && !e->nadeps && s->n) {
		e->nadeps = s->n;
		e->adeps = defuse_copy(b, s);
		e->addr_how = s->how;
		e->addr_why = s->why;
		e->addr_why_span = s->why_span;
	}
	free(s->v);
	s->v = NULL;
}

/* @s as the loads @e's condition comes from; @s's array is freed. */
void defuse_set_deps(struct builder *b, struct event *e, struct srcset *s)
{
	e->ndeps = s->n;
	e->deps = defuse_copy(b, s);
	free(s->v);
	s->v = NULL;
}
