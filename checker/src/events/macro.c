// SPDX-License-Identifier: GPL-2.0
/*
 * Primitives written as macros: the expansion that produced a node is one
 * event, with what the user wrote in its arguments visited inside it.
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"

static bool in_arg(const struct macro_exp *m, int arg, unsigned off)
{
	return arg >= 0 && (unsigned)arg < m->nargs && off >= m->arg_off[arg] &&
	       off < m->arg_end[arg];
}

/* A node ending where @m's expansion does (see claim()). */
static bool ends_in(const struct macro_exp *m, struct floc s, struct floc e)
{
	if (e.file != s.file)
		return false;
	if (e.off >= m->off && e.off <= m->end_off)
		return true;
	return m->outer && e.off == m->outer->end_off;
}

static bool spelled_in_arg(const struct macro_nested *n, unsigned i, CXFile f,
			   unsigned off);

/* Whether (@f, @off) is in one of @n's definitions and in no argument. */
static bool spelled_in_body(const struct macro_nested *n, CXFile f,
			    unsigned off)
{
	unsigned i;

	for (i = 0; i < n->nargs; i++)
		if (spelled_in_arg(n, i, f, off))
			return false;
	for (i = 0; i < n->ndefs; i++)
		if (n->defs[i]->file == f && off >= n->defs[i]->off &&
		    off < n->defs[i]->end)
			return true;
	return false;
}

/* @u's plan, for the build under way */
static void plan(struct builder *b, struct macro_exp *u)
{
	macros_plan(&b->macros, u);
	if (b->hooks && b->hooks->planned)
		b->hooks->planned(b->hooks_ctx, u, b->fx.taint);
}

/*
 * A primitive written inside the user macro @u's definition (however
 * deep, macro_plan.c) that @c is made from: all of @u's nodes start at @u
 * in file coordinates, their first token's spelling tells them apart.
 * As claim() takes the first node starting at a primitive's name, the
 * first node starting with a token of the primitive's definitions (not
 * of its arguments) that ends in @u is its expansion. C11's
 * (<stdatomic.h>) are only named (call.c).
 */
static struct macro_exp *nested_at(struct builder *b, CXCursor c,
				   struct macro_exp *u, struct floc s,
				   struct floc e, bool c11)
{
	CXFile f;
	unsigned off, i;

	plan(b, u);
	if (!u->nplan ||
	    !text_spelled(b, clang_getRangeStart(text_extent(b, c)), &f, &off))
		return NULL;
	/* each its own end: one whose call follows @u ends after it */
	for (i = 0; i < u->nplan; i++) {
		struct macro_exp *p = u->plan[i];

		if (!p->claimed && p->c11 == c11 && ends_in(p, s, e) &&
		    spelled_in_body(p->nested, f, off))
			return p;
	}
	return NULL;
}

const struct macro_exp *macro_c11_at(struct builder *b, CXCursor c)
{
	struct floc s = text_extent_start(b, c);
	struct macro_exp *m = macros_at(&b->macros, s.file, s.off);

	if (!m || m->prim)
		return NULL;
	return nested_at(b, c, m, s, text_extent_end(b, c), true);
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
	struct floc s = text_extent_start(b, c), e;
	struct macro_exp *m = macros_at(&b->macros, s.file, s.off);

	if (!m)
		return NULL;
	e = text_extent_end(b, c);
	if (!m->prim)
		return nested_at(b, c, m, s, e, false);
	if (m->claimed || m->c11)
		return NULL;
	return ends_in(m, s, e) ? m : NULL;
}

/* The tokens of @n's argument @i as text: as written when contiguous. */
static const char *arg_text(struct builder *b, const struct macro_nested *n,
			    unsigned from, unsigned to)
{
	const struct macro_tok *a = n->args[from], *z;
	struct strbuf sb = { 0 };
	unsigned i, j;
	const char *r;

	if (!n->arg_ntok[from] || !n->arg_ntok[to])
		return "";
	z = &n->args[to][n->arg_ntok[to] - 1];
	if (a->file && a->file == z->file && z->text >= a->text)
		return arena_strndup(&b->arena, a->text,
				     (size_t)(z->text + z->len - a->text));
	for (i = from; i <= to; i++)
		for (j = 0; j < n->arg_ntok[i]; j++) {
			if (sb.len)
				sb_puts(&sb, j ? " " : ", ");
			sb_add(&sb, n->args[i][j].text, n->args[i][j].len);
		}
	r = arena_strdup(&b->arena, sb.s ? sb.s : "");
	free(sb_detach(&sb));
	return r;
}

/* args_text() for a primitive written inside a user macro. */
static void nested_args_text(struct builder *b, struct event *e,
			     const struct macro_exp *m)
{
	const struct macro_nested *n = m->nested;

	e->args = n->nargs ? arg_text(b, n, 0, n->nargs - 1) : "";
	if (e->kind == K_STORE || e->kind == K_RMW) {
		int v = vocab_value_arg(m->prim, n->nargs);

		if (v >= 0)
			e->value_text =
				arg_text(b, n, (unsigned)v, (unsigned)v);
		v = vocab_written_arg(m->prim, n->nargs);
		if (v >= 0)
			e->written = lvalue_path_text(
				b, arg_text(b, n, (unsigned)v, (unsigned)v));
	}
}

/* The arguments as written, and a store's value: for messages and fixes. */
static void args_text(struct builder *b, struct event *e, struct macro_exp *m)
{
	struct ir_file *fi = text_file(b, m->file);
	int w;

	if (m->nested) {
		nested_args_text(b, e, m);
		return;
	}
	if (fi->buf)
		macros_split_args(m, fi->buf, fi->len);
	e->args = "";
	if (m->nargs && fi->buf && m->arg_end[m->nargs - 1] <= fi->len)
		e->args = arena_strndup(
			&b->arena, fi->buf + m->arg_off[0],
			strnlen(fi->buf + m->arg_off[0],
				m->arg_end[m->nargs - 1] - m->arg_off[0]));
	if ((e->kind == K_STORE || e->kind == K_RMW) &&
	    vocab_value_arg(m->prim, m->nargs) >= 0) {
		/* the value: the argument that is not the location */
		unsigned v = (unsigned)vocab_value_arg(m->prim, m->nargs);

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
	w = vocab_written_arg(m->prim, m->nargs);
	if ((e->kind == K_STORE || e->kind == K_RMW) && w >= 0 && fi->buf &&
	    m->arg_end[w] <= fi->len)
		e->written = lvalue_path_text(
			b, arena_strndup(&b->arena, fi->buf + m->arg_off[w],
					 m->arg_end[w] - m->arg_off[w]));
}

static void macro_event(struct builder *b, CXCursor c, struct macro_exp *m,
			enum ctx ctx)
{
	struct event *e = event_new(b, EV_ACCESS);
	struct macro_exp *saved = b->inside;
	struct event *saved_ev = b->inside_ev;
	bool saved_loc = b->in_loc, saved_seen = b->loc_seen;

	m->claimed = true;
	if (!b->depth)
		effects_claim(b, m);
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
	e->fixable = !m->outer && !m->nested;
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
 * A primitive that expands to nothing ("#define
 * cmm_smp_read_barrier_depends()" on all but Alpha) leaves only the ';'
 * of its statement, @c: the unclaimed primitive that ends right before
 * it makes the event all the same.
 */
static bool empty_fence(const struct macro_exp *m)
{
	return m->prim && !m->claimed && !m->c11 && m->prim->kind == K_FENCE;
}

bool macro_visit_empty(struct builder *b, CXCursor c)
{
	struct floc s = text_extent_start(b, c);
	struct ir_file *fi = s.file ? text_file(b, s.file) : NULL;
	unsigned i, p = s.off;

	if (!fi || !fi->buf || s.off >= fi->len || fi->buf[s.off] != ';')
		return false;
	while (p > 0 && (fi->buf[p - 1] == ' ' || fi->buf[p - 1] == '\t'))
		p--;
	/* an expansion ending at p starts before it */
	for (i = macros_from(&b->macros, s.file, 0); i < b->macros.n; i++) {
		struct macro_exp *m = &b->macros.v[i];
		unsigned j;

		if (m->file != s.file || m->off >= p)
			break;
		if (m->end_off != p || m->outer)
			continue;
		if (!m->prim) {
			/* a user macro around it: the primitive it writes */
			plan(b, m);
			for (j = 0; j < m->nplan; j++)
				if (empty_fence(m->plan[j])) {
					macro_event(b, c, m->plan[j], CTX_LOAD);
					return true;
				}
		} else if (empty_fence(m)) {
			macro_event(b, c, m, CTX_LOAD);
			return true;
		}
	}
	return false;
}

/* Whether the token at (@f, @off) is one of @n's argument @i's. */
static bool spelled_in_arg(const struct macro_nested *n, unsigned i, CXFile f,
			   unsigned off)
{
	unsigned j;

	for (j = 0; i < n->nargs && j < n->arg_ntok[i]; j++)
		if (n->args[i][j].file == f && off >= n->args[i][j].off &&
		    off < n->args[i][j].off + n->args[i][j].len)
			return true;
	return false;
}

/*
 * Where @c belongs in the claimed primitive @in: its implementation (-1),
 * the argument the user wrote that holds it, or MACRO_MAX_ARGS for a node
 * of neither (a macro around a primitive's argument: visited as usual).
 */
static int part_of(struct builder *b, const struct macro_exp *in, CXCursor c)
{
	struct floc s = text_extent_start(b, c);
	CXFile f;
	unsigned off, i;

	if (!in->nested) {
		if (s.file == in->file && s.off == in->off)
			return -1;
		for (i = 0; i < in->nargs; i++)
			if (in_arg(in, (int)i, s.off))
				return (int)i;
		return MACRO_MAX_ARGS;
	}
	/* written in the user's arguments (a macro there too), or spelled */
	for (i = 0; i < in->nested->nargs; i++)
		if (spelled_in_arg(in->nested, i, s.file, s.off))
			return (int)i;
	if (!text_spelled(b, clang_getRangeStart(text_extent(b, c)), &f, &off))
		return -1;
	for (i = 0; i < in->nested->nargs; i++)
		if (spelled_in_arg(in->nested, i, f, off))
			return (int)i;
	return -1;
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
	int part;

	if (!in)
		return false;
	part = part_of(b, in, c);
	if (part < 0) {
		visit_all(b, c, ctx == CTX_LOCATION ? CTX_LOCATION : CTX_LOAD);
		return true;
	}
	/* the bit argument's first node evaluates as the whole does */
	if (part == in->prim->bit_arg && !ev->bit)
		ev->bit = cursor_constant_text(b, c);
	if (b->in_loc || in->prim->ptr_arg < 0 || part != in->prim->ptr_arg ||
	    !(ctx == CTX_LOCATION || ctx == CTX_LOAD || ctx == CTX_STORE ||
	      ctx == CTX_RMW))
		return false;
	if (b->loc_seen)
		return true;
	b->loc_seen = true;
	if (!ev->key) {
		ev->key = (in->prim->flags & F_LVALUE) ?
				  lvalue_key(b, c) :
				  lvalue_pointee_key(b, c);
		ev->base = (in->prim->flags & F_LVALUE) ?
				   lvalue_base(b, c) :
				   lvalue_pointee_base(b, c);
	}
	outer = defuse_begin(b, &a);
	b->in_loc = true;
	visit_node(b, c, CTX_ADDR);
	b->in_loc = false;
	defuse_end(b, outer);
	defuse_set_adeps(b, ev, &a);
	return true;
}
