// SPDX-License-Identifier: GPL-2.0
/*
 * Control statements: each one event, with the loads its condition reads
 * as its deps and its legs as nested event lists.
 */
#include <stdlib.h>

#include "builder.h"

/* Visit @c with its events going into @l, the leg of @parent. */
static void visit_into(struct builder *b, CXCursor c, struct evlist *l,
		       struct event *parent)
{
	struct evlist *saved = b->cur;
	struct event *saved_parent = b->parent;

	b->cur = l;
	b->parent = parent;
	visit(b, c, CTX_LOAD);
	b->cur = saved;
	b->parent = saved_parent;
}

/* Visit a condition; its loads, direct or through locals, go to @deps. */
static void visit_cond(struct builder *b, CXCursor c, struct srcset *deps)
{
	unsigned saved = b->flags;
	struct srcset mine, *outer = defuse_begin(b, &mine);

	b->flags |= EVF_IN_COND;
	visit(b, c, CTX_LOAD);
	b->flags = saved;
	b->coll = outer;
	if (deps)
		defuse_merge(deps, &mine);
	free(mine.v);
}

/* The comparison a condition is, under parentheses and implicit casts. */
static CXCursor comparison_of(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		struct kids in;

		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
			return c;
		in = cursor_kids(c);
		if (in.n != 1)
			return c;
		c = in.v[0];
	}
}

void stmt_if(struct builder *b, CXCursor c)
{
	struct kids kd = cursor_kids(c);
	struct srcset deps = { 0 };
	const CXCursor *saved = b->cmp_at;
	CXCursor top;
	struct event *e;
	unsigned i;

	if (!kd.n)
		return;
	/* compare_note() looks for a pointer comparison there */
	top = comparison_of(kd.v[0]);
	b->cmp_at = &top;
	b->cmp = NULL;
	visit_cond(b, kd.v[0], &deps);
	b->cmp_at = saved;
	e = event_new(b, EV_BRANCH);
	e->cmp = b->cmp;
	b->cmp = NULL;
	e->name = "if";
	text_span_of_cursor(b, c, &e->span);
	defuse_set_deps(b, e, &deps);
	fold_set(b, e, kd.v[0]);
	e->nlegs = 2;
	for (i = 1; i < kd.n && i < 3; i++)
		visit_into(b, kd.v[i], &e->legs[i - 1], e);
	event_emit(b, e);
}

/*
 * "return v": the jump's deps are the loads v comes from, directly or
 * through locals, for a reader whose caller decides on what it read
 * (req_poll() returns the flag it read; its caller then uses the data).
 */
void stmt_return(struct builder *b, CXCursor c)
{
	struct srcset deps, *outer = defuse_begin(b, &deps);
	struct event *e;

	visit_all(b, c, CTX_LOAD);
	b->coll = outer;
	e = event_new(b, EV_JUMP);
	e->name = "return";
	text_span_of_cursor(b, c, &e->span);
	defuse_set_deps(b, e, &deps);
	event_emit(b, e);
}

void stmt_loop(struct builder *b, CXCursor c, enum CXCursorKind k)
{
	struct kids kd = cursor_kids(c);
	struct event *e;
	unsigned i, body;

	if (!kd.n)
		return;
	/* do { } while (0) written by hand is just a block */
	if (k == CXCursor_DoStmt && kd.n == 2 && cursor_is_zero(kd.v[1])) {
		visit(b, kd.v[0], CTX_LOAD);
		return;
	}
	body = k == CXCursor_DoStmt ? 0 : kd.n - 1;
	e = event_new(b, EV_LOOP);
	e->folds = -1;
	e->name = k == CXCursor_ForStmt	  ? "for" :
		  k == CXCursor_WhileStmt ? "while" :
					    "do";
	text_span_of_cursor(b, c, &e->span);
	e->nlegs = 1;
	{
		struct evlist *saved = b->cur;
		struct event *saved_parent = b->parent;
		struct srcset deps = { 0 };

		b->cur = &e->legs[0];
		b->parent = e;
		for (i = 0; i < kd.n && i < 8; i++) {
			if (i == body)
				visit(b, kd.v[i], CTX_LOAD);
			else
				visit_cond(b, kd.v[i], &deps);
		}
		b->cur = saved;
		b->parent = saved_parent;
		defuse_set_deps(b, e, &deps);
	}
	event_emit(b, e);
}

void stmt_switch(struct builder *b, CXCursor c)
{
	struct kids kd = cursor_kids(c);
	struct srcset deps = { 0 };
	struct event *e;

	if (kd.n < 2)
		return;
	visit_cond(b, kd.v[0], &deps);
	e = event_new(b, EV_BRANCH);
	e->name = "switch";
	e->folds = -1;
	defuse_set_deps(b, e, &deps);
	text_span_of_cursor(b, c, &e->span);
	e->nlegs = 1;
	visit_into(b, kd.v[kd.n - 1], &e->legs[0], e);
	event_emit(b, e);
}

void stmt_conditional(struct builder *b, CXCursor c)
{
	struct kids kd = cursor_kids(c);
	struct event *e;
	unsigned i;

	if (kd.n != 3) {
		visit_all(b, c, CTX_LOAD);
		return;
	}
	{
		struct srcset deps = { 0 };

		visit_cond(b, kd.v[0], &deps);
		e = event_new(b, EV_BRANCH);
		defuse_set_deps(b, e, &deps);
	}
	e->name = "?:";
	e->folds = -1;
	text_span_of_cursor(b, c, &e->span);
	e->nlegs = 2;
	for (i = 1; i < 3; i++)
		visit_into(b, kd.v[i], &e->legs[i - 1], e);
	event_emit(b, e);
}
