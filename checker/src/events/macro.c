// SPDX-License-Identifier: GPL-2.0
/*
 * Primitives written as macros: the expansion that produced a node is one
 * event, with what the user wrote in its arguments visited inside it.
 */
#include <string.h>

#include "builder.h"

static bool in_arg(const struct macro_exp *m, int arg, unsigned off)
{
	return arg >= 0 && (unsigned)arg < m->nargs && off >= m->arg_off[arg] &&
	       off < m->arg_end[arg];
}

/*
 * The unclaimed primitive whose expansion produced @c as a whole, if any.
 * A node starting at a macro's name came from its expansion; it is the
 * whole expansion when it also ends there (or, for a macro written in
 * another's argument, at the end of the outermost one, where clang maps
 * the ends of nested expansions).
 */
static struct macro_exp *claim(struct builder *b, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	struct floc s = text_loc(clang_getRangeStart(r)), e;
	struct macro_exp *m = macros_at(&b->macros, s.file, s.off);

	if (!m || !m->prim || m->claimed || m->c11)
		return NULL;
	e = text_loc(clang_getRangeEnd(r));
	if (e.file != s.file)
		return NULL;
	if (e.off >= m->off && e.off <= m->end_off)
		return m;
	if (m->outer && e.off == m->outer->end_off)
		return m;
	return NULL;
}

/* The arguments as written, and a store's value: for messages and fixes. */
static void args_text(struct builder *b, struct event *e, struct macro_exp *m)
{
	struct ir_file *fi = text_file(b, m->file);

	if (fi->buf)
		macros_split_args(m, fi->buf, fi->len);
	e->args = "";
	if (m->nargs && fi->buf && m->arg_end[m->nargs - 1] <= fi->len)
		e->args = arena_strndup(
			&b->arena, fi->buf + m->arg_off[0],
			strnlen(fi->buf + m->arg_off[0],
				m->arg_end[m->nargs - 1] - m->arg_off[0]));
	if ((e->kind == K_STORE || e->kind == K_RMW) && m->nargs >= 2 &&
	    m->prim->ptr_arg >= 0) {
		/* the value: the argument that is not the location */
		unsigned v = m->prim->ptr_arg == 0 ? 1 : 0;

		if (fi->buf && m->arg_end[v] <= fi->len) {
			const char *p = fi->buf + m->arg_off[v];
			const char *q = fi->buf + m->arg_end[v];

			while (p < q && (*p == ' ' || *p == '\t' || *p == '\n'))
				p++;
			while (q > p &&
			       (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\n'))
				q--;
			e->value_text =
				arena_strndup(&b->arena, p, (size_t)(q - p));
		}
	}
}

static void macro_event(struct builder *b, CXCursor c, struct macro_exp *m,
			enum ctx ctx)
{
	struct event *e = event_new(b, EV_ACCESS);
	struct macro_exp *saved = b->inside;
	struct event *saved_ev = b->inside_ev;
	bool saved_loc = b->in_loc, saved_seen = b->loc_seen;

	m->claimed = true;
	if (b->depth) {
		if (b->nclaims == b->claims_cap) {
			b->claims_cap = b->claims_cap ? b->claims_cap * 2 : 64;
			b->claims = xrealloc(
				b->claims, b->claims_cap * sizeof(*b->claims));
		}
		b->claims[b->nclaims++] = m;
	}
	event_set_prim(e, m->prim, b->opts);
	if (cursor_type_is_pointer(clang_getCursorType(c)))
		e->flags |= EVF_POINTER;
	e->name = arena_strdup(&b->arena, m->name);
	text_span_of_macro(b, m, &e->span);
	args_text(b, e, m);
	/* a fix may rewrite it only when it is written in this file */
	e->fixable = !m->outer;
	b->inside = m;
	b->inside_ev = e;
	b->in_loc = false;
	b->loc_seen = false;
	visit_all(b, c, ctx);
	b->inside = saved;
	b->inside_ev = saved_ev;
	b->in_loc = saved_loc;
	b->loc_seen = saved_seen;
	event_emit(b, e);
}

/* @c is a primitive's whole expansion: make its event. */
bool macro_visit(struct builder *b, CXCursor c, enum ctx ctx)
{
	struct macro_exp *m = claim(b, c);

	if (m)
		macro_event(b, c, m, ctx);
	return m != NULL;
}

/*
 * Inside a claimed primitive, nodes of its expansion make no events: they
 * are its implementation. What the user wrote in its arguments does, and
 * its location argument is the primitive's own access: it gives the event
 * its key and address dependencies. True if @c was handled here.
 */
bool macro_visit_inside(struct builder *b, CXCursor c, enum ctx ctx)
{
	struct macro_exp *in = b->inside;
	struct event *ev = b->inside_ev;
	struct srcset a, *outer;
	struct floc s;

	if (!in)
		return false;
	s = text_loc(clang_getRangeStart(clang_getCursorExtent(c)));
	if (s.file == in->file && s.off == in->off) {
		visit_all(b, c, ctx == CTX_LOCATION ? CTX_LOCATION : CTX_LOAD);
		return true;
	}
	if (b->in_loc || in->prim->ptr_arg < 0 ||
	    !in_arg(in, in->prim->ptr_arg, s.off) ||
	    !(ctx == CTX_LOCATION || ctx == CTX_LOAD || ctx == CTX_STORE ||
	      ctx == CTX_RMW))
		return false;
	if (b->loc_seen)
		return true;
	b->loc_seen = true;
	if (!ev->key)
		ev->key = (in->prim->flags & F_LVALUE) ?
				  lvalue_key(b, c) :
				  lvalue_pointee_key(b, c);
	outer = defuse_begin(b, &a);
	b->in_loc = true;
	visit_node(b, c, CTX_ADDR);
	b->in_loc = false;
	defuse_end(b, outer);
	defuse_set_adeps(b, ev, &a);
	return true;
}
