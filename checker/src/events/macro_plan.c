// SPDX-License-Identifier: GPL-2.0
/*
 * The primitives a user macro's expansion writes, however deep. clang's
 * preprocessing record keeps only the expansions whose name is written in
 * a file, so PUBLISH() in "#define PUBLISH(v) WRITE_ONCE(m.flag, v)" is
 * there and its WRITE_ONCE() is not. Here the definitions' text is
 * expanded as the preprocessor would (parameters substituted, user macros
 * rescanned), stopping at each primitive: the outermost one of a nest
 * (smp_store_release() written with WRITE_ONCE() in a header stays
 * smp_store_release()), user macros being transparent. Each primitive
 * keeps the spelling of the token its expansion starts with, where the AST
 * node made from it starts too, and its arguments' tokens as spelled.
 */
#include <stdlib.h>
#include <string.h>

#include "macros.h"
#include "../util.h"

#define PLAN_DEPTH 16
#define PLAN_MAX_TOKS 20000 /* an expansion larger than this is left */

struct toks {
	struct macro_tok *v;
	unsigned n, cap;
};

static void push(struct toks *t, struct macro_tok k)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 64;
		t->v = xrealloc(t->v, t->cap * sizeof(*t->v));
	}
	t->v[t->n++] = k;
}

static bool ident_char(char c)
{
	return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

static bool tok_is(const struct macro_tok *t, const char *s)
{
	size_t n = strlen(s);

	return t->len == n && !memcmp(t->text, s, n);
}

static bool tok_ident(const struct macro_tok *t)
{
	return t->len && ident_char(t->text[0]) &&
	       !(t->text[0] >= '0' && t->text[0] <= '9');
}

/* Past the end of the blank, comment or line continuation at buf[i]. */
static size_t skip_blank(const char *buf, size_t to, size_t i)
{
	for (;;) {
		if (i >= to)
			return i;
		if (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
		    buf[i] == '\r' || buf[i] == '\f' || buf[i] == '\v' ||
		    buf[i] == '\\') {
			i++;
		} else if (buf[i] == '/' && i + 1 < to && buf[i + 1] == '*') {
			for (i += 2; i + 1 < to &&
				     !(buf[i] == '*' && buf[i + 1] == '/');
			     i++)
				;
			i += 2;
		} else if (buf[i] == '/' && i + 1 < to && buf[i + 1] == '/') {
			while (i < to && buf[i] != '\n')
				i++;
		} else {
			return i;
		}
	}
}

/* The preprocessing tokens of buf[from, to), spelled in @f. */
static void lex(CXFile f, const char *buf, size_t from, size_t to,
		struct toks *out)
{
	size_t i = from;

	while ((i = skip_blank(buf, to, i)) < to) {
		size_t s = i;
		char c = buf[i];

		if (ident_char(c) || (c == '.' && i + 1 < to &&
				      buf[i + 1] >= '0' && buf[i + 1] <= '9')) {
			bool num = !(ident_char(c) && !(c >= '0' && c <= '9'));

			while (i < to &&
			       (ident_char(buf[i]) || (num && buf[i] == '.') ||
				(num && (buf[i] == '+' || buf[i] == '-') &&
				 strchr("eEpP", buf[i - 1]))))
				i++;
		} else if (c == '"' || c == '\'') {
			for (i++; i < to && buf[i] != c; i++)
				if (buf[i] == '\\')
					i++;
			i++;
		} else if (c == '#' && i + 1 < to && buf[i + 1] == '#') {
			i += 2;
		} else if (c == '.' && i + 2 < to && buf[i + 1] == '.' &&
			   buf[i + 2] == '.') {
			i += 3;
		} else {
			i++;
		}
		if (i > to)
			i = to;
		push(out, (struct macro_tok){ f, buf + s, (unsigned)s,
					      (unsigned)(i - s) });
	}
}

/* The definition's tokens: its name, parameters and replacement list. */
static bool def_lex(struct macro_table *mt, struct macro_def *d)
{
	struct toks t = { 0 };
	const char *buf;
	size_t len;
	unsigned i = 1;

	if (d->lexed)
		return d->toks != NULL;
	d->lexed = true;
	buf = macros_file_text(mt, d->file, &len);
	if (!buf || d->end > len)
		return false;
	lex(d->file, buf, d->off, d->end, &t);
	if (!t.n) {
		free(t.v);
		return false;
	}
	if (d->fn) {
		d->params = xmalloc(t.n * sizeof(*d->params));
		for (i = 2; i < t.n && !tok_is(&t.v[i], ")"); i++) {
			if (tok_is(&t.v[i], "...")) {
				d->va = true;
				if (i > 2 && tok_ident(&t.v[i - 1]))
					continue; /* "args...": named */
				d->params[d->nparams++] = i;
			} else if (tok_ident(&t.v[i])) {
				d->params[d->nparams++] = i;
			}
		}
		i++;
	}
	d->toks = t.v;
	d->ntoks = t.n;
	d->body = i < t.n ? i : t.n;
	return true;
}

/* Which parameter @t of @d's body names, or -1. */
static int param_of(const struct macro_def *d, const struct macro_tok *t)
{
	unsigned i;

	if (!tok_ident(t))
		return -1;
	for (i = 0; i < d->nparams; i++) {
		const struct macro_tok *p = &d->toks[d->params[i]];

		if (tok_is(p, "...") ? tok_is(t, "__VA_ARGS__") :
				       (p->len == t->len &&
					!memcmp(p->text, t->text, t->len)))
			return (int)i;
	}
	return -1;
}

/* An invocation's arguments: token ranges of the caller's list. */
struct call {
	unsigned close; /* index of its ')' */
	unsigned n;
	unsigned from[64], to[64];
};

/*
 * The arguments of the invocation whose '(' is v[open], split at the
 * top-level commas; past @max arguments, the last takes the rest (a
 * variadic parameter). False if it does not close.
 */
static bool split_call(const struct macro_tok *v, unsigned n, unsigned open,
		       unsigned max, struct call *c)
{
	unsigned i, depth = 0;

	c->n = 1;
	c->from[0] = open + 1;
	for (i = open; i < n; i++) {
		/* the preprocessor nests parentheses only: F({a, b}) is two */
		if (tok_is(&v[i], "(")) {
			depth++;
		} else if (tok_is(&v[i], ")")) {
			if (--depth == 0) {
				c->to[c->n - 1] = i;
				c->close = i;
				if (c->n == 1 && c->from[0] == i)
					c->n = 0; /* f(): no argument */
				return true;
			}
		} else if (depth == 1 && tok_is(&v[i], ",") && c->n < max &&
			   c->n < 64) {
			c->to[c->n - 1] = i;
			c->from[c->n++] = i + 1;
		}
	}
	return false;
}

#define PLAN_MAX_DEFS 64

/* Add @d and the definitions its replacement list names, however deep. */
static void closure(struct macro_table *mt, struct macro_def *d, unsigned depth,
		    struct macro_nested *n)
{
	unsigned i;

	for (i = 0; i < n->ndefs; i++)
		if (n->defs[i] == d)
			return;
	if (n->ndefs == PLAN_MAX_DEFS || !def_lex(mt, d))
		return;
	n->defs[n->ndefs++] = d;
	for (i = d->body; i < d->ntoks && depth < PLAN_DEPTH; i++) {
		const struct macro_tok *t = &d->toks[i];
		struct macro_def *inner;

		if (tok_ident(t) && param_of(d, t) < 0 &&
		    (inner = macros_def(mt, t->text, t->len)))
			closure(mt, inner, depth + 1, n);
	}
}

/*
 * a##b: @r pasted onto the last token of @out, one token spelled in no
 * file, its text kept by the table. mimalloc names C11's atomics so:
 * "#define mi_atomic(name) atomic_##name".
 */
static void paste(struct macro_table *mt, struct toks *out,
		  const struct macro_tok *r)
{
	struct macro_tok *l = &out->v[out->n - 1];
	char *s = xasprintf("%.*s%.*s", (int)l->len, l->text, (int)r->len,
			    r->text);

	if (!mt->pasted)
		mt->pasted = strset_new();
	*l = (struct macro_tok){ NULL, strset_intern(mt->pasted, s, strlen(s)),
				 0, l->len + r->len };
	free(s);
}

/*
 * Push the tokens @v[from, to) of an operand; after a "##" the first is
 * pasted onto the last one pushed, unless either side is empty (a
 * placemarker: the other stays as it is).
 */
static void operand(struct macro_table *mt, struct toks *out,
		    const struct macro_tok *v, unsigned from, unsigned to,
		    bool pasting, unsigned left)
{
	if (pasting && from < to && out->n > left)
		paste(mt, out, &v[from++]);
	for (; from < to; from++)
		push(out, v[from]);
}

/* @d's replacement list with the arguments of @c (tokens of @v) put in. */
static void substitute(struct macro_table *mt, struct macro_def *d,
		       const struct macro_tok *v, const struct call *c,
		       struct toks *out)
{
	unsigned i, left = 0;
	bool pasting = false;

	for (i = d->body; i < d->ntoks; i++) {
		const struct macro_tok *t = &d->toks[i];
		int p = d->fn ? param_of(d, t) : -1;
		unsigned before = out->n;

		if (tok_is(t, "##")) {
			pasting = true;
			continue;
		}
		if (d->fn && tok_is(t, "#") && i + 1 < d->ntoks &&
		    param_of(d, &d->toks[i + 1]) >= 0) {
			push(out, (struct macro_tok){ NULL, "\"\"", 0, 2 });
			i++;
		} else if (p >= 0) {
			if ((unsigned)p < c->n)
				operand(mt, out, v, c->from[p], c->to[p],
					pasting, left);
		} else {
			operand(mt, out, t, 0, 1, pasting, left);
		}
		/* the left side of a "##" that may follow: what this pushed */
		left = pasting ? left : before;
		pasting = false;
	}
}

/* The dialect whose header @d is in, or VOCAB_NO_HEADER. */
static int in_scoped_header(const struct macro_def *d)
{
	CXString n = clang_getFileName(d->file);
	int r = clang_getCString(n) ?
			vocab_header_dialect(clang_getCString(n)) :
			VOCAB_NO_HEADER;

	clang_disposeString(n);
	return r;
}

/*
 * Whether @d expands, however deep in macros, to a builtin with a row in
 * the C11 model (__atomic_load_n, __c11_atomic_load: a name with a row
 * that no macro defines); @budget definitions may be read.
 */
static bool reaches_builtin(struct macro_table *mt, struct macro_def *d,
			    unsigned *budget)
{
	unsigned i;
	char name[128];

	if (!*budget || !def_lex(mt, d))
		return false;
	--*budget;
	for (i = d->body; i < d->ntoks; i++) {
		const struct macro_tok *t = &d->toks[i];
		const struct vocab_entry *e;
		struct macro_def *inner;

		if (!tok_ident(t) || t->len >= sizeof(name) ||
		    (d->fn && param_of(d, t) >= 0))
			continue;
		inner = macros_def(mt, t->text, t->len);
		if (inner) {
			if (inner != d && reaches_builtin(mt, inner, budget))
				return true;
			continue;
		}
		memcpy(name, t->text, t->len);
		name[t->len] = '\0';
		e = vocab_lookup(name, VOCAB_NO_HEADER);
		if (e && e->model == M_C11)
			return true;
	}
	return false;
}

int macros_def_header(struct macro_table *mt, struct macro_def *d,
		      const char *name)
{
	unsigned budget = PLAN_MAX_DEFS;
	int h = in_scoped_header(d);

	if (h != VOCAB_NO_HEADER)
		return h;
	h = vocab_own_header(name, M_C11);
	return h != VOCAB_NO_HEADER && reaches_builtin(mt, d, &budget) ?
		       h :
		       VOCAB_NO_HEADER;
}

/*
 * The tokens after a list being scanned: the rest of its caller's list,
 * @up's after that; for the invocation itself, what follows it in the
 * file (@end_off: where that ends). A macro whose name ends an expansion
 * takes its call from there, as the preprocessor's rescan does
 * ("mi_atomic(load_explicit)(p, mo)"); @used of them it took.
 */
struct follow {
	const struct macro_tok *v;
	unsigned n, used;
	struct follow *up;
	unsigned end_off;
};

struct plan {
	struct macro_table *mt;
	struct macro_exp *u;
	const struct macro_def *active[PLAN_DEPTH + 1];
	unsigned budget; /* tokens left to expand */
	unsigned end_off; /* where the entries' expansions end */
};

static void add_entry(struct plan *pl, const struct vocab_entry *prim,
		      struct macro_def *d, int header,
		      const struct macro_tok *v, const struct call *c)
{
	struct macro_exp *u = pl->u, *p;
	struct macro_nested *n;
	unsigned i;

	p = xcalloc(1, sizeof(*p));
	n = p->nested = xcalloc(1, sizeof(*n));
	p->file = u->file;
	p->off = u->off;
	p->end_off = pl->end_off;
	p->outer = u->outer;
	p->prim = prim;
	p->name = xstrdup(d->name);
	p->header = header;
	p->c11 = p->header != VOCAB_NO_HEADER && prim->model == M_C11;
	n->defs = xmalloc(PLAN_MAX_DEFS * sizeof(*n->defs));
	closure(pl->mt, d, 0, n);
	n->nargs = c->n < MACRO_MAX_ARGS ? c->n : MACRO_MAX_ARGS;
	for (i = 0; i < n->nargs; i++) {
		n->arg_ntok[i] = c->to[i] - c->from[i];
		n->args[i] =
			xmalloc((n->arg_ntok[i] + 1) * sizeof(*n->args[i]));
		memcpy(n->args[i], v + c->from[i],
		       n->arg_ntok[i] * sizeof(*n->args[i]));
	}
	u->plan = xrealloc(u->plan, (u->nplan + 1) * sizeof(*u->plan));
	u->plan[u->nplan++] = p;
}

static bool active(const struct plan *pl, unsigned depth,
		   const struct macro_def *d)
{
	unsigned i;

	for (i = 0; i < depth; i++)
		if (pl->active[i] == d)
			return true;
	return false;
}

/* The first of @f's chain with tokens left, if they open a call. */
static struct follow *call_follows(struct follow *f)
{
	while (f && f->used == f->n)
		f = f->up;
	return f && tok_is(&f->v[f->used], "(") ? f : NULL;
}

static void scan(struct plan *pl, const struct macro_tok *v, unsigned n,
		 unsigned depth, struct follow *after);

/*
 * The name @t that ends a list, with the call that follows the list
 * (@f's next tokens), scanned as one list at @depth.
 */
static void join_call(struct plan *pl, const struct macro_tok *t,
		      struct follow *f, unsigned depth, struct follow *after)
{
	struct toks list = { 0 };
	struct call c;
	unsigned i;

	if (!split_call(f->v, f->n, f->used, 64, &c) ||
	    c.close + 2 - f->used > pl->budget)
		return;
	pl->budget -= c.close + 2 - f->used;
	push(&list, *t);
	for (i = f->used; i <= c.close; i++)
		push(&list, f->v[i]);
	f->used = c.close + 1;
	if (f->end_off)
		pl->end_off = f->end_off;
	scan(pl, list.v, list.n, depth, after);
	free(list.v);
}

/* Scan @v (@n tokens) at @depth: primitives are entries, macros expand. */
static void scan(struct plan *pl, const struct macro_tok *v, unsigned n,
		 unsigned depth, struct follow *after)
{
	unsigned i = 0, next;
	struct follow *f;

	while (i < n) {
		const struct macro_tok *t = &v[i];
		struct macro_def *d;
		const struct vocab_entry *prim;
		struct call c = { 0 };
		char name[128];
		struct toks out = { 0 };
		bool alias;
		int h;

		if (!tok_ident(t) || t->len >= sizeof(name) ||
		    !(d = macros_def(pl->mt, t->text, t->len)) ||
		    !def_lex(pl->mt, d)) {
			i++;
			continue;
		}
		memcpy(name, t->text, t->len);
		name[t->len] = '\0';
		prim = vocab_lookup(name, VOCAB_NO_HEADER);
		if ((d->fn || prim) && i + 1 == n &&
		    (f = call_follows(after))) {
			join_call(pl, t, f, depth, after);
			return;
		}
		if (d->fn) {
			if (i + 1 >= n || !tok_is(&v[i + 1], "(")) {
				i++;
				continue;
			}
			if (!split_call(v, n, i + 1, d->va ? d->nparams : 64,
					&c))
				return;
		}
		/* an object-like alias written as a call (macros.c) */
		alias = prim && !d->fn && i + 1 < n && tok_is(&v[i + 1], "(");
		if (alias && !split_call(v, n, i + 1, 64, &c))
			return;
		if (prim) {
			/* <stdatomic.h>'s: C11's (call.c names the builtin) */
			h = macros_def_header(pl->mt, d, name);
			if (h != VOCAB_NO_HEADER)
				prim = vocab_lookup(name, h);
			add_entry(pl, prim, d, h, v, &c);
			/* its arguments may hold more */
			i += d->fn || alias ? 2 : 1;
			continue;
		}
		if (depth >= PLAN_DEPTH || active(pl, depth, d)) {
			i++;
			continue;
		}
		substitute(pl->mt, d, v, &c, &out);
		next = d->fn ? c.close + 1 : i + 1;
		if (out.n <= pl->budget) {
			struct follow rest = { .v = v + next,
					       .n = n - next,
					       .up = after };

			pl->budget -= out.n;
			pl->active[depth] = d;
			scan(pl, out.v, out.n, depth + 1, &rest);
			next += rest.used;
		}
		free(out.v);
		i = next;
	}
}

/*
 * A '(' right after an invocation that ends at @end opens a call its
 * expansion may take: where that call ends, or 0.
 */
static unsigned call_after(const char *buf, size_t len, size_t end)
{
	size_t i = skip_blank(buf, len, end);
	unsigned depth = 0;

	if (i >= len || buf[i] != '(')
		return 0;
	for (; i < len; i++) {
		if (buf[i] == '"' || buf[i] == '\'') {
			char q = buf[i];

			for (i++; i < len && buf[i] != q; i++)
				if (buf[i] == '\\')
					i++;
		} else if (buf[i] == '(') {
			depth++;
		} else if (buf[i] == ')') {
			if (--depth == 0)
				return (unsigned)i + 1;
		}
	}
	return 0;
}

void macros_plan(struct macro_table *mt, struct macro_exp *u)
{
	struct plan pl = { mt, u, { NULL }, PLAN_MAX_TOKS, u->end_off };
	struct toks t = { 0 }, tail = { 0 };
	struct follow call = { NULL, 0, 0, NULL, 0 };
	const char *buf;
	size_t len;

	if (u->plan_done)
		return;
	u->plan_done = true;
	if (u->prim)
		return;
	buf = macros_file_text(mt, u->file, &len);
	if (!buf || u->end_off > len)
		return;
	/* the invocation as written: its name, then its arguments */
	lex(u->file, buf, u->off, u->end_off, &t);
	call.end_off = call_after(buf, len, u->end_off);
	if (call.end_off) {
		lex(u->file, buf, u->end_off, call.end_off, &tail);
		call.v = tail.v;
		call.n = tail.n;
	}
	mt->watch_end = 0;
	scan(&pl, t.v, t.n, 0, &call);
	u->watch_end = mt->watch_end;
	free(t.v);
	free(tail.v);
}
