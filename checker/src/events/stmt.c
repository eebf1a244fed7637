// SPDX-License-Identifier: GPL-2.0
/*
 * Control statements: each one event, with the loads its condition reads
 * as its deps and its legs as nested event lists.
 */
#include <stdlib.h>
#include <string.h>

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

/*
 * Which part of a for-statement's header @kid is: 0 the init, 1 the
 * condition, 2 the increment, by the semicolons before it in the header;
 * -1 when the text cannot say (a header spelled by a macro). libclang
 * lists only the parts present, so with one missing their places are
 * known only from the text.
 */
static int for_part(struct builder *b, CXCursor loop, CXCursor kid)
{
	struct floc s = text_extent_start(b, loop),
		    k = text_extent_start(b, kid);
	struct ir_file *fi;
	unsigned off, depth = 0;
	int semis = 0;

	if (!s.file || !k.file || !clang_File_isEqual(s.file, k.file) ||
	    k.off <= s.off)
		return -1;
	fi = text_file(b, s.file);
	if (!fi || !fi->buf || k.off > fi->len ||
	    strncmp(fi->buf + s.off, "for", 3) ||
	    text_is_ident(fi->buf[s.off + 3]))
		return -1;
	for (off = s.off + 3; off < k.off; off++) {
		char ch = fi->buf[off];

		if (ch == '(')
			depth++;
		else if (ch == ')' && !depth--)
			return -1;
		else if (ch == ';' && depth == 1)
			semis++;
	}
	return semis <= 2 ? semis : -1;
}

/*
 * The increment of a for-statement among @kd's children, or kd->n: the
 * third of all four, or the text says so.
 */
static unsigned for_increment(struct builder *b, CXCursor c,
			      enum CXCursorKind k, const struct kids *kd,
			      unsigned body)
{
	unsigned i;

	if (k != CXCursor_ForStmt || body != kd->n - 1)
		return kd->n;
	if (kd->n == 4)
		return 2;
	for (i = 0; i < body; i++)
		if (for_part(b, c, kd->v[i]) == 2)
			return i;
	return kd->n;
}

void stmt_loop(struct builder *b, CXCursor c, enum CXCursorKind k)
{
	struct kids kd = cursor_kids(c);
	struct event *e;
	unsigned i, body, inc;

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

		struct evlist after = { 0 };

		b->cur = &e->legs[0];
		b->parent = e;
		inc = for_increment(b, c, k, &kd, body);
		for (i = 0; i < kd.n; i++) {
			/*
			 * The increment runs after the body, but what it loads
			 * is what the body's next run uses ("p = READ_ONCE(
			 * p->next)"): visited in its place, its events moved
			 * after the body's. It stays a condition's: the next
			 * test reads it.
			 */
			b->cur = i == inc ? &after : &e->legs[0];
			if (i == body)
				visit(b, kd.v[i], CTX_LOAD);
			else
				visit_cond(b, kd.v[i], &deps);
		}
		for (i = 0; i < after.n; i++)
			event_push(&e->legs[0], after.v[i]);
		free(after.v);
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
