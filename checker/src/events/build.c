// SPDX-License-Identifier: GPL-2.0
/*
 * AST -> per-function ordering events. Primitives are found by the name
 * of the outermost macro expansion that produced a node (real kernel
 * headers and our model header alike), then by callee name, then by the
 * C11/GNU builtin, and last by shape (volatile access, asm "memory").
 */
#include "build.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../macros.h"
#include "../util.h"

/* ---- arena: every event and string of a TU, freed at once ---- */

struct arena {
	struct arena *next;
	size_t used, size;
	char data[];
};

static void *arena_alloc(struct arena **a, size_t n)
{
	struct arena *b = *a;

	n = (n + 15) & ~(size_t)15;
	if (!b || b->used + n > b->size) {
		size_t size = n > 65536 ? n : 65536;

		b = xmalloc(sizeof(*b) + size);
		b->next = *a;
		b->used = 0;
		b->size = size;
		*a = b;
	}
	b->used += n;
	return memset(b->data + b->used - n, 0, n);
}

static char *arena_strdup(struct arena **a, const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(arena_alloc(a, n), s, n);
}

static char *arena_strndup(struct arena **a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static void arena_free(struct arena *a)
{
	while (a) {
		struct arena *next = a->next;

		free(a);
		a = next;
	}
}

/* ---- the set of header functions seen by this process ---- */

struct seen_set {
	struct strset *keys;
};

struct seen_set *seen_new(void)
{
	struct seen_set *s = xcalloc(1, sizeof(*s));

	s->keys = strset_new();
	return s;
}

void seen_free(struct seen_set *s)
{
	if (!s)
		return;
	strset_free(s->keys);
	free(s);
}

/* Returns true if @key was already present; inserts it otherwise. */
static bool seen_test_and_add(struct seen_set *s, const char *key)
{
	return !strset_add(s->keys, key);
}

/* ---- the builder ---- */

struct builder {
	CXTranslationUnit tu;
	struct arena *arena;
	struct macro_table macros;
	const struct build_opts *opts;
	struct ir_file **files; /* in order of first use */
	unsigned nfiles;
	struct ir_file **fhash; /* open addressing on the CXFile pointer */
	unsigned fhash_cap;
	struct evlist *cur; /* where events go */
	struct event *parent; /* the branch or loop being filled */
	unsigned flags; /* EVF_IN_COND while in a condition */
	/* inside a claimed primitive: its body nodes make no events */
	struct macro_exp *inside;
	struct event *inside_ev;
	bool in_loc; /* visiting its location argument: p->f in READ_ONCE(p->f) */
	bool loc_seen; /* visited once; later copies (typeof(x)) are skipped */
	/* callee summaries, by the definition's file and offset */
	struct summary *summaries;
	unsigned nsummaries;
	struct evlist kept; /* summarised bodies, freed with the TU */
	/* def-use: the loads a value being computed comes from */
	struct srcset *coll;
	struct local_val *locals;
	unsigned nlocals;
	unsigned depth; /* of callees being summarised */
	/*
	 * The macros claimed since the current summary began: a summary
	 * (a callee's body seen from a caller) gives them back, so that
	 * the callee's own build claims them again.
	 */
	struct macro_exp **claims;
	unsigned nclaims, claims_cap;
	/* the condition of the if being visited, for note_compare() */
	const CXCursor *cmp_at;
	struct ptr_compare *cmp; /* what note_compare() found there */
};

struct srcset {
	const struct event **v;
	unsigned n, cap;
	/* what the computation did to the dependency (AH_*), and where */
	unsigned how;
	const char *why;
	struct src_span why_span;
};

/* A local variable and the loads its last assigned value came from. */
struct local_val {
	CXCursor decl;
	struct srcset src;
};

static void src_add(struct srcset *s, const struct event *e)
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

static void src_merge(struct srcset *dst, const struct srcset *src)
{
	unsigned i;

	for (i = 0; i < src->n; i++)
		src_add(dst, src->v[i]);
	if (src->how && !dst->why) {
		dst->why = src->why;
		dst->why_span = src->why_span;
	}
	dst->how |= src->how;
}

/* A local assigned anew: its old sources are gone. */
static void src_clear(struct srcset *s)
{
	s->n = 0;
	s->how = 0;
	s->why = NULL;
}

struct summary {
	CXFile file;
	unsigned off;
	bool done;
	bool rmw; /* an atomic RMW anywhere in it */
	const struct event *first, *last;
};

static bool list_has_rmw(const struct evlist *l)
{
	unsigned i, j;
	const struct event *e;

	evlist_for_each(l, i, e) {
		if (events_is_linux_rmw(e) || (e->type == EV_CALL && e->callee_rmw))
			return true;
		for (j = 0; j < e->nlegs; j++)
			if (list_has_rmw(&e->legs[j]))
				return true;
	}
	return false;
}

enum ctx {
	CTX_LOAD,
	CTX_STORE,
	CTX_RMW,
	CTX_ADDR, /* &x, the base of x.f: names memory, accesses none */
	CTX_LOCATION, /* the location argument of a primitive */
};

static void visit(struct builder *b, CXCursor c, enum ctx ctx);
static void visit_all(struct builder *b, CXCursor c, enum ctx ctx);

static unsigned hash_ptr(const void *p, unsigned cap)
{
	uintptr_t v = (uintptr_t)p;

	v ^= v >> 17;
	v *= 0x9e3779b97f4a7c15ull;
	return (unsigned)(v >> 32) & (cap - 1);
}

static struct ir_file *file_info(struct builder *b, CXFile f)
{
	unsigned i;
	struct ir_file *fi;
	CXString s;
	char *p;

	if (b->nfiles * 2 >= b->fhash_cap) {
		unsigned cap = b->fhash_cap ? b->fhash_cap * 2 : 256;

		free(b->fhash);
		b->fhash = xcalloc(cap, sizeof(*b->fhash));
		b->fhash_cap = cap;
		for (i = 0; i < b->nfiles; i++) {
			unsigned h = hash_ptr(b->files[i]->file, cap);

			while (b->fhash[h])
				h = (h + 1) & (cap - 1);
			b->fhash[h] = b->files[i];
		}
	}
	for (i = hash_ptr(f, b->fhash_cap); b->fhash[i];
	     i = (i + 1) & (b->fhash_cap - 1))
		if (b->fhash[i]->file == f)
			return b->fhash[i];
	fi = arena_alloc(&b->arena, sizeof(*fi));
	fi->file = f;
	s = clang_getFileName(f);
	p = path_display(clang_getCString(s) ? clang_getCString(s) : "");
	clang_disposeString(s);
	fi->display = arena_strdup(&b->arena, p);
	free(p);
	fi->buf = clang_getFileContents(b->tu, f, &fi->len);
	b->fhash[i] = fi;
	b->files = xrealloc(b->files, (b->nfiles + 1) * sizeof(*b->files));
	b->files[b->nfiles++] = fi;
	return fi;
}

static const char *display_name(struct builder *b, CXFile f)
{
	return f ? file_info(b, f)->display : "<unknown>";
}

/* 1-based line and column of byte @off of @fi, from its line index. */
static void line_col(struct ir_file *fi, unsigned off, unsigned *line,
		     unsigned *col)
{
	unsigned lo = 0, hi, i;

	if (!fi->lines && fi->buf) {
		unsigned n = 1, cap = 1024;

		fi->lines = xmalloc(cap * sizeof(unsigned));
		fi->lines[0] = 0;
		for (i = 0; i < fi->len; i++) {
			if (fi->buf[i] != '\n')
				continue;
			if (n == cap)
				fi->lines = xrealloc(fi->lines,
						     (cap *= 2) * sizeof(unsigned));
			fi->lines[n++] = i + 1;
		}
		fi->nlines = n;
	}
	if (!fi->lines) {
		*line = *col = 0;
		return;
	}
	hi = fi->nlines;
	while (hi - lo > 1) {
		unsigned mid = (lo + hi) / 2;

		if (fi->lines[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	*line = lo + 1;
	*col = off - fi->lines[lo] + 1;
}

struct floc {
	CXFile file;
	unsigned line, col, off;
};

static struct floc file_loc(CXSourceLocation l);

/* The source text of @c as written, whitespace runs folded (arena). */
static const char *text_of(struct builder *b, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	struct floc s = file_loc(clang_getRangeStart(r));
	struct floc e = file_loc(clang_getRangeEnd(r));
	struct ir_file *fi;
	char *t, *w;
	size_t i;

	if (!s.file || s.file != e.file || e.off <= s.off)
		return NULL;
	fi = file_info(b, s.file);
	if (!fi->buf || e.off > fi->len || e.off - s.off > 4096)
		return NULL;
	t = w = arena_alloc(&b->arena, e.off - s.off + 1);
	for (i = s.off; i < e.off; i++) {
		char ch = fi->buf[i];

		if (ch == '\n' || ch == '\t' || ch == '\\')
			ch = ' ';
		if (ch == ' ' && (w == t || w[-1] == ' '))
			continue;
		*w++ = ch;
	}
	while (w > t && w[-1] == ' ')
		w--;
	*w = '\0';
	return t;
}

static struct floc file_loc(CXSourceLocation l)
{
	struct floc r;

	clang_getFileLocation(l, &r.file, &r.line, &r.col, &r.off);
	return r;
}

static void set_span(struct builder *b, struct src_span *sp, struct floc s,
		     struct floc e)
{
	sp->file = display_name(b, s.file);
	sp->line = s.line;
	sp->col = s.col;
	sp->off = s.off;
	sp->end_line = e.line;
	sp->end_col = e.col;
	sp->end_off = e.off;
}

static void span_of_cursor(struct builder *b, CXCursor c, struct src_span *sp)
{
	CXSourceRange r = clang_getCursorExtent(c);

	set_span(b, sp, file_loc(clang_getRangeStart(r)),
		 file_loc(clang_getRangeEnd(r)));
}

static void span_of_macro(struct builder *b, const struct macro_exp *m,
			  struct src_span *sp)
{
	struct ir_file *fi = file_info(b, m->file);

	sp->file = fi->display;
	sp->off = m->off;
	sp->end_off = m->end_off;
	line_col(fi, m->off, &sp->line, &sp->col);
	line_col(fi, m->end_off, &sp->end_line, &sp->end_col);
}

static struct event *new_event(struct builder *b, enum ev_type type)
{
	struct event *e = arena_alloc(&b->arena, sizeof(*e));

	e->type = type;
	e->order = e->order_fail = MO_UNKNOWN;
	e->folds = -1;
	e->parent = b->parent;
	e->flags = b->flags;
	return e;
}

static void push(struct evlist *l, struct event *e)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 8;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = e;
}

static void emit(struct builder *b, struct event *e)
{
	if (b->in_loc)
		e->flags |= EVF_IN_LOC;
	push(b->cur, e);
	if (b->coll && e->type == EV_ACCESS &&
	    (e->kind == K_LOAD || (e->kind == K_RMW && (e->flags & F_RET))))
		src_add(b->coll, e);
}

/* Collect into @s the loads of what is visited until collect_end(). */
static struct srcset *collect_begin(struct builder *b, struct srcset *s)
{
	struct srcset *outer = b->coll;

	memset(s, 0, sizeof(*s));
	b->coll = s;
	return outer;
}

/* The value computed also flows into the expression around it. */
static void collect_end(struct builder *b, struct srcset *outer)
{
	if (outer)
		src_merge(outer, b->coll);
	b->coll = outer;
}

static struct local_val *local_of(struct builder *b, CXCursor decl, bool add)
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

static void locals_reset(struct builder *b)
{
	unsigned i;

	for (i = 0; i < b->nlocals; i++)
		free(b->locals[i].src.v);
	b->nlocals = 0;
}

/* Arena copy of a source set, as the loads @e's address comes from. */
static void set_adeps(struct builder *b, struct event *e, struct srcset *s)
{
	if (e && !e->nadeps && s->n) {
		e->nadeps = s->n;
		e->adeps = arena_alloc(&b->arena, s->n * sizeof(*e->adeps));
		memcpy(e->adeps, s->v, s->n * sizeof(*e->adeps));
		e->addr_how = s->how;
		e->addr_why = s->why;
		e->addr_why_span = s->why_span;
	}
	free(s->v);
	s->v = NULL;
}

/* Arena copy of a source set, for an event's deps. */
static void set_deps(struct builder *b, struct event *e, struct srcset *s)
{
	e->ndeps = s->n;
	if (s->n) {
		e->deps = arena_alloc(&b->arena, s->n * sizeof(*e->deps));
		memcpy(e->deps, s->v, s->n * sizeof(*e->deps));
	}
	free(s->v);
	s->v = NULL;
}

static bool is_pointer(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Pointer;
}

static char *cursor_spelling(CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	char *r = xstrdup(clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return r;
}

/*
 * The identifier or operator at file offset @off (after blanks and
 * comments), read from the buffer: clang_getToken() finds nothing at
 * locations inside a macro's arguments. Returns a malloced string.
 */
static bool is_ident(char c)
{
	return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

static char *token_at(struct builder *b, CXFile f, unsigned off)
{
	static const char *const ops[] = {
		"<<=", ">>=", "...", "==", "!=", "<=", ">=", "&&", "||", "+=",
		"-=",  "*=",  "/=",  "%=", "&=", "|=", "^=", "++", "--", "->",
		"<<",  ">>",  "=",   "<",  ">",  "+",  "-",  "*",  "/",  "%",
		"&",   "|",   "^",   "!",  "~",  ",",  "?",  ":",  "(",  ")",
		"[",   "]",   "{",   "}",  ";",  ".",
	};
	struct ir_file *fi = f ? file_info(b, f) : NULL;
	size_t len = fi ? fi->len : 0, i = off, j;
	const char *buf = fi ? fi->buf : NULL;

	if (!buf)
		return xstrdup("");
	while (i < len) {
		if (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
		    buf[i] == '\r' || buf[i] == '\\') {
			i++;
		} else if (buf[i] == '/' && i + 1 < len && buf[i + 1] == '*') {
			const char *e = strstr(buf + i + 2, "*/");

			i = e ? (size_t)(e - buf) + 2 : len;
		} else if (buf[i] == '/' && i + 1 < len && buf[i + 1] == '/') {
			while (i < len && buf[i] != '\n')
				i++;
		} else {
			break;
		}
	}
	if (i >= len)
		return xstrdup("");
	if (is_ident(buf[i]) && !(buf[i] >= '0' && buf[i] <= '9')) {
		for (j = i; j < len && is_ident(buf[j]); j++)
			;
		return xstrndup(buf + i, j - i);
	}
	for (j = 0; j < sizeof(ops) / sizeof(ops[0]); j++)
		if (!strncmp(buf + i, ops[j], strlen(ops[j])) &&
		    i + strlen(ops[j]) <= len)
			return xstrdup(ops[j]);
	return xstrndup(buf + i, 1);
}

/* Children of a cursor, in order. */
struct kids {
	CXCursor v[8];
	unsigned n;
};

static enum CXChildVisitResult kids_cb(CXCursor c, CXCursor p, CXClientData d)
{
	struct kids *k = d;

	(void)p;
	if (k->n < 8)
		k->v[k->n] = c;
	k->n++;
	return CXChildVisit_Continue;
}

static struct kids kids_of(CXCursor c)
{
	struct kids k = { .n = 0 };

	clang_visitChildren(c, kids_cb, &k);
	return k;
}

/* Strip parentheses and implicit casts, which change nothing here. */
static CXCursor strip(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		struct kids kd;

		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr &&
		    k != CXCursor_CStyleCastExpr)
			return c;
		kd = kids_of(c);
		if (kd.n != 1)
			return c;
		c = kd.v[0];
	}
}

/* The operator of a unary expression: its first token, or "++"/"--" last. */
static char *unary_op(struct builder *b, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	struct floc s = file_loc(clang_getRangeStart(r));
	char *t = token_at(b, s.file, s.off);
	struct kids k;

	struct floc e;

	if (strcmp(t, "++") && strcmp(t, "--") && strcmp(t, "*") &&
	    strcmp(t, "&") && strcmp(t, "-") && strcmp(t, "!") &&
	    strcmp(t, "~") && strcmp(t, "+")) {
		/* postfix: the token after the operand */
		k = kids_of(c);
		if (k.n == 1) {
			e = file_loc(clang_getRangeEnd(
				clang_getCursorExtent(k.v[0])));
			free(t);
			t = token_at(b, e.file, e.off);
		}
	}
	return t;
}

/* The operator between a binary expression's operands. */
static char *binary_op(struct builder *b, CXCursor lhs)
{
	struct floc e = file_loc(clang_getRangeEnd(clang_getCursorExtent(lhs)));

	return token_at(b, e.file, e.off);
}

/* ---- location keys: the shared object, named as a human would ---- */

static char *key_of(struct builder *b, CXCursor c);

static char *record_name(CXCursor field)
{
	CXCursor rec = clang_getCursorSemanticParent(field);
	char *n = cursor_spelling(rec);

	if (!*n) {
		CXString t = clang_getTypeSpelling(clang_getCursorType(rec));

		free(n);
		n = xstrdup(clang_getCString(t));
		clang_disposeString(t);
	}
	{
		/* "struct mm_struct::(anonymous at /path/mm_types.h:530:2)",
		 * "(unnamed at ...)": the path makes keys differ between
		 * trees and between spellings of it; drop it */
		static const char *const forms[] = { "(anonymous at ",
						     "(unnamed at " };
		unsigned k;

		for (k = 0; k < 2; k++) {
			char *a = strstr(n, forms[k]);
			char *e = a ? strchr(a, ')') : NULL;

			if (a && e)
				memmove(a + strlen(forms[k]) - 4, e,
					strlen(e) + 1);
		}
	}
	return n;
}

/*
 * "global:x", and for a static one "global:x@file.c": two files' statics
 * of one name are two objects, which the pairing pass must not join.
 */
static char *global_key(CXCursor decl, const char *name)
{
	CXFile f;
	CXString fname;
	const char *base;
	char *r;

	if (clang_getCursorLinkage(decl) != CXLinkage_Internal)
		return xasprintf("global:%s", name);
	clang_getSpellingLocation(clang_getCursorLocation(decl), &f, NULL,
				 NULL, NULL);
	fname = clang_getFileName(f);
	base = clang_getCString(fname);
	base = base ? strrchr(base, '/') ? strrchr(base, '/') + 1 : base : "";
	r = xasprintf("global:%s@%s", name, base);
	clang_disposeString(fname);
	return r;
}

static char *key_of(struct builder *b, CXCursor c)
{
	CXCursor ref;
	enum CXCursorKind k;
	char *r, *inner, *name;

	c = strip(c);
	k = clang_getCursorKind(c);
	switch (k) {
	case CXCursor_DeclRefExpr:
		ref = clang_getCursorReferenced(c);
		name = cursor_spelling(ref);
		if (clang_getCursorKind(ref) == CXCursor_ParmDecl)
			r = xasprintf("param:%s", name);
		else if (clang_Cursor_hasVarDeclGlobalStorage(ref) == 1)
			r = global_key(ref, name);
		else
			r = xasprintf("local:%s", name);
		free(name);
		return r;
	case CXCursor_MemberRefExpr: {
		char *rec;

		ref = clang_getCursorReferenced(c);
		name = cursor_spelling(ref);
		rec = record_name(ref);
		r = xasprintf("%s%s.%s", strncmp(rec, "struct ", 7) &&
						  strncmp(rec, "union ", 6) ?
					  "struct " :
					  "",
			      rec, name);
		free(rec);
		free(name);
		return r;
	}
	case CXCursor_ArraySubscriptExpr: {
		struct kids kd = kids_of(c);

		if (!kd.n)
			return NULL;
		inner = key_of(b, kd.v[0]);
		r = inner ? xasprintf("%s[]", inner) : NULL;
		free(inner);
		return r;
	}
	case CXCursor_UnaryOperator: {
		struct kids kd = kids_of(c);
		char *op = unary_op(b, c);

		inner = kd.n == 1 ? key_of(b, kd.v[0]) : NULL;
		r = NULL;
		if (inner && !strcmp(op, "*"))
			r = xasprintf("*%s", inner);
		else if (inner && !strcmp(op, "&"))
			r = xasprintf("&%s", inner);
		free(op);
		free(inner);
		return r;
	}
	default:
		return NULL;
	}
}

/* The object a pointer argument designates: &x -> x, p -> *p. */
static const char *pointee_key(struct builder *b, CXCursor arg)
{
	char *k = key_of(b, arg), *r;
	const char *res;

	if (!k)
		return NULL;
	if (k[0] == '&')
		r = xstrdup(k + 1);
	else
		r = xasprintf("*%s", k);
	free(k);
	res = arena_strdup(&b->arena, r);
	free(r);
	return res;
}

static const char *lvalue_key(struct builder *b, CXCursor c)
{
	char *k = key_of(b, c);
	const char *res;

	if (!k)
		return NULL;
	res = arena_strdup(&b->arena, k);
	free(k);
	return res;
}

/* ---- memory orders ---- */

static int eval_order(CXCursor c)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	int mo = MO_UNKNOWN;

	if (r) {
		if (clang_EvalResult_getKind(r) == CXEval_Int) {
			long long v = clang_EvalResult_getAsLongLong(r);

			/* the x86 HLE hint bits do not change the order */
			v &= 0xffff;
			if (v >= MO_RELAXED && v <= MO_SEQ_CST)
				mo = (int)v;
		}
		clang_EvalResult_dispose(r);
	}
	return mo;
}

/* Fill class and orders of a C11/GNU operation from its order argument. */
static void classify_c11(struct event *e, int mo, int mo_fail)
{
	e->order = mo;
	e->order_fail = mo_fail;
	if (e->flags & F_INIT) {
		e->cls = OC_PLAIN;
		return;
	}
	e->cls = vocab_class_for_order(e->kind, mo == MO_UNKNOWN ? MO_SEQ_CST :
								   mo);
	if (mo == MO_SEQ_CST || mo == MO_UNKNOWN)
		e->flags |= F_SEQ_CST;
}

static void set_prim(struct event *e, const struct vocab_entry *p,
		     const struct build_opts *o)
{
	static const enum ev_type by_kind[] = {
		[K_LOAD] = EV_ACCESS,	[K_STORE] = EV_ACCESS,
		[K_RMW] = EV_ACCESS,	[K_FENCE] = EV_FENCE,
		[K_MODIFIER] = EV_MODIFIER, [K_LOCK] = EV_LOCK,
		[K_UNLOCK] = EV_LOCK,	[K_MARKER] = EV_MARKER,
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

/* ---- primitives written as macros ---- */

static bool in_arg(const struct macro_exp *m, int arg, unsigned off)
{
	return arg >= 0 && (unsigned)arg < m->nargs &&
	       off >= m->arg_off[arg] && off < m->arg_end[arg];
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
	struct floc s = file_loc(clang_getRangeStart(r)), e;
	struct macro_exp *m = macros_at(&b->macros, s.file, s.off);

	if (!m || !m->prim || m->claimed || m->c11)
		return NULL;
	e = file_loc(clang_getRangeEnd(r));
	if (e.file != s.file)
		return NULL;
	if (e.off >= m->off && e.off <= m->end_off)
		return m;
	if (m->outer && e.off == m->outer->end_off)
		return m;
	return NULL;
}

static void macro_event(struct builder *b, CXCursor c, struct macro_exp *m,
			enum ctx ctx)
{
	struct event *e = new_event(b, EV_ACCESS);
	struct macro_exp *saved = b->inside;
	struct event *saved_ev = b->inside_ev;
	bool saved_loc = b->in_loc, saved_seen = b->loc_seen;

	m->claimed = true;
	if (b->depth) {
		if (b->nclaims == b->claims_cap) {
			b->claims_cap = b->claims_cap ? b->claims_cap * 2 : 64;
			b->claims = xrealloc(b->claims,
					     b->claims_cap * sizeof(*b->claims));
		}
		b->claims[b->nclaims++] = m;
	}
	set_prim(e, m->prim, b->opts);
	if (is_pointer(clang_getCursorType(c)))
		e->flags |= EVF_POINTER;
	e->name = arena_strdup(&b->arena, m->name);
	span_of_macro(b, m, &e->span);
	{
		struct ir_file *fi = file_info(b, m->file);

		if (fi->buf)
			macros_split_args(m, fi->buf, fi->len);
	}
	if (m->nargs) {
		char *text = NULL;
		struct ir_file *fi = file_info(b, m->file);
		size_t len = fi->len;
		const char *buf = fi->buf;

		if (buf && m->arg_end[m->nargs - 1] <= len)
			text = xstrndup(buf + m->arg_off[0],
					m->arg_end[m->nargs - 1] - m->arg_off[0]);
		e->args = text ? arena_strdup(&b->arena, text) : "";
		free(text);
	} else {
		e->args = "";
	}
	if ((e->kind == K_STORE || e->kind == K_RMW) && m->nargs >= 2 &&
	    m->prim->ptr_arg >= 0) {
		/* the value: the argument that is not the location */
		unsigned v = m->prim->ptr_arg == 0 ? 1 : 0;
		struct ir_file *fi = file_info(b, m->file);

		if (fi->buf && m->arg_end[v] <= fi->len) {
			const char *p = fi->buf + m->arg_off[v];
			const char *q = fi->buf + m->arg_end[v];

			while (p < q && (*p == ' ' || *p == '\t' || *p == '\n'))
				p++;
			while (q > p && (q[-1] == ' ' || q[-1] == '\t' ||
					 q[-1] == '\n'))
				q--;
			e->value_text = arena_strndup(&b->arena, p,
						      (size_t)(q - p));
		}
	}
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
	emit(b, e);
}

/* ---- calls and builtins ---- */

static const struct vocab_entry *c11_name_at(struct builder *b, CXCursor c,
					     char **name)
{
	struct floc s = file_loc(clang_getRangeStart(clang_getCursorExtent(c)));
	const struct vocab_entry *p;
	struct macro_exp *m;

	*name = token_at(b, s.file, s.off);
	m = macros_at(&b->macros, s.file, s.off);
	p = vocab_lookup(*name, m && m->c11);
	if (!p || (p->dialect == D_LINUX && !(m && m->c11))) {
		/* a kernel name here is handled as a macro or a call */
		return p && p->dialect != D_LINUX ? p : NULL;
	}
	return p;
}

static void visit_args(struct builder *b, CXCursor c, int loc_arg,
		       struct srcset *loc_deps)
{
	int i, n = clang_Cursor_getNumArguments(c);

	for (i = 0; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);

		if (i == loc_arg && loc_deps) {
			struct srcset *outer = collect_begin(b, loc_deps);

			visit(b, a, CTX_LOCATION);
			/* keep the set: collect_end merges, the caller frees */
			if (outer)
				src_merge(outer, loc_deps);
			b->coll = outer;
		} else {
			visit(b, a, i == loc_arg ? CTX_LOCATION : CTX_LOAD);
		}
	}
}

/* "a, b" from the call's arguments as written (arena; "" if unknown). */
static const char *call_args_text(struct builder *b, CXCursor c)
{
	int i, n = clang_Cursor_getNumArguments(c);
	char buf[512];
	size_t len = 0;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		const char *t = text_of(b, clang_Cursor_getArgument(c, (unsigned)i));
		int w = snprintf(buf + len, sizeof(buf) - len, "%s%s",
				 i ? ", " : "", t ? t : "?");

		if (w < 0 || (size_t)w >= sizeof(buf) - len)
			return "";
		len += (size_t)w;
	}
	return arena_strdup(&b->arena, buf);
}

static void fill_call_event(struct builder *b, struct event *e, CXCursor c)
{
	span_of_cursor(b, c, &e->span);
	e->fixable = !b->inside;
	if (e->prim && e->prim->ptr_arg >= 0 &&
	    e->prim->ptr_arg < clang_Cursor_getNumArguments(c))
		e->key = pointee_key(b, clang_Cursor_getArgument(
					       c, (unsigned)e->prim->ptr_arg));
	/* as for the macro form: the arguments as written, for messages */
	if (e->prim && !e->args)
		e->args = call_args_text(b, c);
	/* and the value is the argument that is not the
	 * location, so that two calls storing the same value compare equal */
	if (e->prim && (e->kind == K_STORE || e->kind == K_RMW) &&
	    e->prim->ptr_arg >= 0 && clang_Cursor_getNumArguments(c) >= 2)
		e->value_text = text_of(
			b, clang_Cursor_getArgument(
				   c, e->prim->ptr_arg == 0 ? 1u : 0u));
}

/* clang names the __sync builtins by size: __sync_fetch_and_add_8 */
static void strip_size_suffix(char *name)
{
	static const char *const sizes[] = { "_1", "_2", "_4", "_8", "_16" };
	size_t n = strlen(name), i, k;

	if (strncmp(name, "__sync_", 7))
		return;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		k = strlen(sizes[i]);
		if (n > k && !strcmp(name + n - k, sizes[i])) {
			name[n - k] = '\0';
			return;
		}
	}
}

/* The body of a function definition: its last child. */
static CXCursor body_of(CXCursor def);

/*
 * The first and last events of a callee defined in this TU, so that a
 * call of a static inline wrapper is seen as what it wraps. Events made
 * here go into a list of their own: they are not the caller's.
 */
static struct summary *summarize(struct builder *b, CXCursor call)
{
	CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
	struct floc at;
	struct summary *sm;
	struct evlist body = { 0 }, *saved_cur = b->cur;
	struct event *saved_parent = b->parent, *saved_ev = b->inside_ev;
	struct macro_exp *saved_inside = b->inside;
	unsigned saved_flags = b->flags, i, n;
	CXCursor bc;

	if (clang_Cursor_isNull(def) || b->depth >= 3)
		return NULL;
	at = file_loc(clang_getCursorLocation(def));
	for (i = 0; i < b->nsummaries; i++)
		if (b->summaries[i].file == at.file &&
		    b->summaries[i].off == at.off)
			return b->summaries[i].done ? &b->summaries[i] : NULL;
	bc = body_of(def);
	if (clang_Cursor_isNull(bc))
		return NULL;
	b->summaries = xrealloc(b->summaries,
				(b->nsummaries + 1) * sizeof(*b->summaries));
	i = b->nsummaries++;
	memset(&b->summaries[i], 0, sizeof(b->summaries[i]));
	b->summaries[i].file = at.file;
	b->summaries[i].off = at.off;
	{
		struct srcset *saved_coll = b->coll;
		struct local_val *saved_locals = b->locals;
		unsigned saved_nlocals = b->nlocals, claims0 = b->nclaims;
		bool saved_loc = b->in_loc, saved_seen = b->loc_seen;

		b->coll = NULL;
		b->locals = NULL;
		b->nlocals = 0;
		b->depth++;
		b->cur = &body;
		b->parent = NULL;
		b->flags = 0;
		b->inside = NULL;
		b->inside_ev = NULL;
		b->in_loc = false;
		b->loc_seen = false;
		visit(b, bc, CTX_LOAD);
		b->depth--;
		while (b->nclaims > claims0)
			b->claims[--b->nclaims]->claimed = false;
		b->in_loc = saved_loc;
		b->loc_seen = saved_seen;
		locals_reset(b);
		free(b->locals);
		b->locals = saved_locals;
		b->nlocals = saved_nlocals;
		b->coll = saved_coll;
	}
	b->cur = saved_cur;
	b->parent = saved_parent;
	b->flags = saved_flags;
	b->inside = saved_inside;
	b->inside_ev = saved_ev;
	sm = &b->summaries[i];
	/* a trailing "return x;" is not what the wrapper ends with */
	n = body.n;
	while (n && body.v[n - 1]->type == EV_JUMP &&
	       !strcmp(body.v[n - 1]->name, "return"))
		n--;
	sm->rmw = list_has_rmw(&body);
	if (n) {
		sm->first = events_through_call(body.v[0], false);
		sm->last = events_through_call(body.v[n - 1], true);
	}
	sm->done = true;
	for (i = 0; i < body.n; i++)
		push(&b->kept, body.v[i]);
	free(body.v);
	return sm;
}

static void visit_call(struct builder *b, CXCursor c)
{
	char *name = cursor_spelling(c);
	const struct vocab_entry *p;

	struct srcset loc = { 0 };
	struct event *e;
	char *shown = NULL;

	strip_size_suffix(name);
	p = vocab_lookup(name, false);

	/* __builtin_expect() and friends are not calls that matter */
	if (!p && !strncmp(name, "__builtin_", 10)) {
		visit_args(b, c, -1, NULL);
		free(name);
		return;
	}
	if (p && p->dialect != D_LINUX && (p->flags & F_MO_ARG)) {
		/* __atomic_thread_fence(mo) and <stdatomic.h>'s fences */
		const struct vocab_entry *q = c11_name_at(b, c, &shown);

		if (q && q->kind == p->kind)
			p = q;
	}
	visit_args(b, c, p ? p->ptr_arg : -1, &loc);
	e = new_event(b, EV_CALL);
	if (p) {
		set_prim(e, p, b->opts);
		if (p->flags & F_MO_ARG) {
			int n = clang_Cursor_getNumArguments(c);

			classify_c11(e, p->mo_arg >= 0 && p->mo_arg < n ?
						eval_order(clang_Cursor_getArgument(
							c, (unsigned)p->mo_arg)) :
						MO_UNKNOWN,
				     MO_UNKNOWN);
		}
	} else {
		struct summary *sm = summarize(b, c);

		e->name = arena_strdup(&b->arena, name);
		if (sm) {
			e->callee_first = sm->first;
			e->callee_last = sm->last;
			e->callee_known = true;
			e->callee_rmw = sm->rmw;
		}
	}
	fill_call_event(b, e, c);
	set_adeps(b, e, &loc);
	emit(b, e);
	free(shown);
	free(name);
}

/*
 * clang's AtomicExpr (the __c11_* and __atomic_* builtins) is exposed as
 * an UnexposedExpr whose children come in its internal order: pointer,
 * order, value, failure order, desired value.
 */
static bool visit_atomic_expr(struct builder *b, CXCursor c)
{
	char *name = NULL;
	const struct vocab_entry *p = c11_name_at(b, c, &name);
	CXCursor a = c;
	struct kids kd;
	struct event *e;
	struct srcset loc = { 0 };
	unsigned i;

	if (!p || !(p->kind == K_LOAD || p->kind == K_STORE ||
		    p->kind == K_RMW)) {
		free(name);
		return false;
	}
	for (;;) {
		kd = kids_of(a);
		if (kd.n != 1 || clang_getCursorKind(kd.v[0]) !=
					 CXCursor_UnexposedExpr)
			break;
		a = kd.v[0];
	}
	if (kd.n < 2) {
		free(name);
		return false;
	}
	for (i = 0; i < kd.n && i < 8; i++) {
		bool is_order = i == 1 || (i == 3 && (p->flags & F_CMPXCHG));

		if (i == 0) {
			struct srcset *outer = collect_begin(b, &loc);

			visit(b, kd.v[0], CTX_LOCATION);
			if (outer)
				src_merge(outer, &loc);
			b->coll = outer;
		} else if (!is_order) {
			visit(b, kd.v[i], CTX_LOAD);
		}
	}
	e = new_event(b, EV_ACCESS);
	set_prim(e, p, b->opts);
	e->name = arena_strdup(&b->arena, name);
	classify_c11(e, eval_order(kd.v[1]),
		     (p->flags & F_CMPXCHG) && kd.n > 3 ? eval_order(kd.v[3]) :
							  MO_UNKNOWN);
	span_of_cursor(b, c, &e->span);
	e->key = pointee_key(b, kd.v[0]);
	if (is_pointer(clang_getCursorType(c)))
		e->flags |= EVF_POINTER;
	set_adeps(b, e, &loc);
	emit(b, e);
	free(name);
	return true;
}

/* ---- shapes: what is left when no name is known ---- */

static bool asm_clobbers_memory(struct builder *b, CXCursor c)
{
	CXToken *toks;
	unsigned n, i;
	bool r = false;

	clang_tokenize(b->tu, clang_getCursorExtent(c), &toks, &n);
	for (i = 0; i < n && !r; i++) {
		CXString s = clang_getTokenSpelling(b->tu, toks[i]);

		r = !strcmp(clang_getCString(s), "\"memory\"");
		clang_disposeString(s);
	}
	clang_disposeTokens(b->tu, toks, n);
	return r;
}

static bool is_local_var(CXCursor ref)
{
	enum CXCursorKind k = clang_getCursorKind(ref);

	if (k == CXCursor_ParmDecl)
		return true;
	return k == CXCursor_VarDecl &&
	       clang_Cursor_hasVarDeclGlobalStorage(ref) != 1;
}

static struct event *access_event(struct builder *b, CXCursor c,
				   enum ctx ctx)
{
	CXType t = clang_getCursorType(c);
	struct event *e;
	static const enum oc_kind kinds[] = {
		[CTX_LOAD] = K_LOAD,
		[CTX_STORE] = K_STORE,
		[CTX_RMW] = K_RMW,
	};

	if (ctx != CTX_LOAD && ctx != CTX_STORE && ctx != CTX_RMW)
		return NULL;
	e = new_event(b, EV_ACCESS);
	e->kind = kinds[ctx];
	if (t.kind == CXType_Atomic) {
		/* operators on _Atomic objects are seq_cst */
		e->flags |= EVF_ATOMIC_TYPE;
		e->name = "_Atomic operator";
		classify_c11(e, MO_SEQ_CST, MO_UNKNOWN);
	} else if (clang_isVolatileQualifiedType(t) ||
		   clang_isVolatileQualifiedType(clang_getCanonicalType(t))) {
		e->flags |= EVF_VOLATILE;
		e->name = "volatile access";
		e->cls = ctx == CTX_LOAD ? OC_MLOAD :
			 ctx == CTX_STORE ? OC_MSTORE :
					    OC_RMW_RLX;
	} else {
		e->name = ctx == CTX_LOAD ? "plain load" :
			  ctx == CTX_STORE ? "plain store" :
					     "plain read-modify-write";
		e->cls = OC_PLAIN;
	}
	if (is_pointer(t))
		e->flags |= EVF_POINTER;
	span_of_cursor(b, c, &e->span);
	e->key = lvalue_key(b, c);
	emit(b, e);
	return e;
}

/*
 * Visit what the address of @e is computed from (@n cursors: a base and
 * an index), in @ctxs; the loads found are @e's address dependencies and
 * flow on into the value around, as before.
 */
static void visit_address(struct builder *b, struct event *e,
			  const CXCursor *parts, const enum ctx *ctxs,
			  unsigned n)
{
	struct srcset a, *outer = collect_begin(b, &a);
	unsigned i;

	for (i = 0; i < n; i++)
		visit(b, parts[i], ctxs[i]);
	collect_end(b, outer);
	set_adeps(b, e, &a);
}

/* Visit every child, however many there are (compound statements). */
struct all_ctx {
	struct builder *b;
	enum ctx ctx;
};

static enum CXChildVisitResult all_cb(CXCursor c, CXCursor p, CXClientData d)
{
	struct all_ctx *a = d;

	(void)p;
	visit(a->b, c, a->ctx);
	return CXChildVisit_Continue;
}

static void visit_all(struct builder *b, CXCursor c, enum ctx ctx)
{
	struct all_ctx a = { b, ctx };

	clang_visitChildren(c, all_cb, &a);
}

/* Run @fn-like visiting of @c with events going into @l. */
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
	struct srcset mine, *outer = collect_begin(b, &mine);

	b->flags |= EVF_IN_COND;
	visit(b, c, CTX_LOAD);
	b->flags = saved;
	b->coll = outer;
	if (deps)
		src_merge(deps, &mine);
	free(mine.v);
}

/* ---- conditions the compiler can decide ---- */

/* What is known of a value: the interval it lies in. */
struct range {
	long long lo, hi;
	const char *why; /* set when this subexpression decided it */
};

#define RANGE_ANY ((struct range){ -(1LL << 62), 1LL << 62, NULL })

static bool is_const(struct range r)
{
	return r.lo == r.hi;
}

static struct range konst(long long v, const char *why)
{
	struct range r = { v, v, why };

	return r;
}

static struct range fold(struct builder *b, CXCursor c);

static struct range fold_binary(struct builder *b, CXCursor c)
{
	struct kids kd = kids_of(c);
	struct range l, r;
	char *op;
	const char *lt, *rt, *me;
	struct range res = RANGE_ANY;

	if (kd.n != 2)
		return res;
	op = binary_op(b, kd.v[0]);
	l = fold(b, kd.v[0]);
	r = fold(b, kd.v[1]);
	me = text_of(b, c);
	lt = text_of(b, kd.v[0]);
	rt = text_of(b, kd.v[1]);
	if (is_const(l) && is_const(r) && strcmp(op, "/") && strcmp(op, "%")) {
		long long x = l.lo, y = r.lo;
		const char *why = l.why ? l.why : r.why;

		if (!strcmp(op, "+")) res = konst(x + y, why);
		else if (!strcmp(op, "-")) res = konst(x - y, why);
		else if (!strcmp(op, "*")) res = konst(x * y, why);
		else if (!strcmp(op, "&")) res = konst(x & y, why);
		else if (!strcmp(op, "|")) res = konst(x | y, why);
		else if (!strcmp(op, "^")) res = konst(x ^ y, why);
		else if (!strcmp(op, "==")) res = konst(x == y, why);
		else if (!strcmp(op, "!=")) res = konst(x != y, why);
		else if (!strcmp(op, "<")) res = konst(x < y, why);
		else if (!strcmp(op, "<=")) res = konst(x <= y, why);
		else if (!strcmp(op, ">")) res = konst(x > y, why);
		else if (!strcmp(op, ">=")) res = konst(x >= y, why);
		else if (!strcmp(op, "&&")) res = konst(x && y, why);
		else if (!strcmp(op, "||")) res = konst(x || y, why);
	} else if (!strcmp(op, "||") &&
		   ((is_const(l) && l.lo) || (is_const(r) && r.lo))) {
		res = konst(1, me);
	} else if (!strcmp(op, "&&") &&
		   ((is_const(l) && !l.lo) || (is_const(r) && !r.lo))) {
		res = konst(0, me);
	} else if ((!strcmp(op, "%") && is_const(r) &&
		    (r.lo == 1 || r.lo == -1)) ||
		   ((!strcmp(op, "*") || !strcmp(op, "&")) &&
		    ((is_const(l) && !l.lo) || (is_const(r) && !r.lo)))) {
		res = konst(0, me);
	} else if (lt && rt && !strcmp(lt, rt) &&
		   (!strcmp(op, "-") || !strcmp(op, "^") || !strcmp(op, "!=") ||
		    !strcmp(op, "<") || !strcmp(op, ">"))) {
		res = konst(0, me);
	} else if (lt && rt && !strcmp(lt, rt) &&
		   (!strcmp(op, "==") || !strcmp(op, "<=") || !strcmp(op, ">="))) {
		res = konst(1, me);
	} else if (!strcmp(op, "&") && is_const(r) && r.lo >= 0) {
		res.lo = 0;
		res.hi = r.lo;
	} else if (!strcmp(op, "&") && is_const(l) && l.lo >= 0) {
		res.lo = 0;
		res.hi = l.lo;
	} else if (!strcmp(op, "%") && is_const(r) && r.lo > 1) {
		res.lo = l.lo >= 0 ? 0 : -(r.lo - 1);
		res.hi = r.lo - 1;
	} else if (!strcmp(op, ">") || !strcmp(op, ">=") || !strcmp(op, "<") ||
		   !strcmp(op, "<=") || !strcmp(op, "==") || !strcmp(op, "!=")) {
		/* a comparison decided by the ranges of its sides */
		bool gt = !strcmp(op, ">"), ge = !strcmp(op, ">="),
		     lt_ = !strcmp(op, "<"), le = !strcmp(op, "<="),
		     eq = !strcmp(op, "=="), ne = !strcmp(op, "!=");
		bool yes = (gt && l.lo > r.hi) || (ge && l.lo >= r.hi) ||
			   (lt_ && l.hi < r.lo) || (le && l.hi <= r.lo);
		bool no = (gt && l.hi <= r.lo) || (ge && l.hi < r.lo) ||
			  (lt_ && l.lo >= r.hi) || (le && l.lo > r.hi) ||
			  ((eq || ne) && (l.hi < r.lo || r.hi < l.lo));

		if ((yes || no) && !(is_const(l) && is_const(r)))
			res = konst(ne ? !no : yes, me);
		else if (eq && no)
			res = konst(0, me);
		else if (ne && no)
			res = konst(1, me);
	}
	free(op);
	return res;
}

/*
 * What the compiler can decide about a condition: clang's constant
 * evaluation first (macros constant in this configuration), then the
 * algebra it applies to unknown values (q % 1, q || 1, q - q) and the
 * ranges it can prove ((q & 3) > 4).
 */
static struct range fold(struct builder *b, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXEvalResult er = clang_Cursor_Evaluate(c);
	struct range r = RANGE_ANY;
	struct kids kd;
	char *op;

	if (er) {
		if (clang_EvalResult_getKind(er) == CXEval_Int)
			r = konst(clang_EvalResult_getAsLongLong(er), NULL);
		clang_EvalResult_dispose(er);
		if (is_const(r))
			return r;
	}
	switch (k) {
	case CXCursor_ParenExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_CStyleCastExpr:
		kd = kids_of(c);
		return kd.n == 1 ? fold(b, kd.v[0]) : r;
	case CXCursor_BinaryOperator:
		return fold_binary(b, c);
	case CXCursor_UnaryOperator:
		kd = kids_of(c);
		if (kd.n != 1)
			return r;
		op = unary_op(b, c);
		r = fold(b, kd.v[0]);
		if (!strcmp(op, "!") && is_const(r))
			r = konst(!r.lo, r.why);
		else if (!strcmp(op, "!") && (r.lo > 0 || r.hi < 0))
			r = konst(0, text_of(b, c));
		else if (strcmp(op, "+"))
			r = RANGE_ANY;
		free(op);
		return r;
	default:
		return r;
	}
}

static void set_fold(struct builder *b, struct event *e, CXCursor cond)
{
	struct range r = fold(b, cond);

	e->folds = is_const(r) ? (r.lo != 0) : -1;
	e->fold_reason = r.why;
	e->cond_text = text_of(b, cond);
}

static void visit_if(struct builder *b, CXCursor c)
{
	struct kids kd = kids_of(c);
	struct event *e;
	unsigned i;

	struct srcset deps = { 0 };

	if (!kd.n)
		return;
	{
		CXCursor top = kd.v[0];
		const CXCursor *saved = b->cmp_at;

		/* the comparison itself, under parentheses and implicit casts */
		for (;;) {
			enum CXCursorKind k = clang_getCursorKind(top);
			struct kids in;

			if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
				break;
			in = kids_of(top);
			if (in.n != 1)
				break;
			top = in.v[0];
		}
		b->cmp_at = &top;
		b->cmp = NULL;
		visit_cond(b, kd.v[0], &deps);
		b->cmp_at = saved;
	}
	e = new_event(b, EV_BRANCH);
	e->cmp = b->cmp;
	b->cmp = NULL;
	e->name = "if";
	span_of_cursor(b, c, &e->span);
	set_deps(b, e, &deps);
	set_fold(b, e, kd.v[0]);
	e->nlegs = 2;
	for (i = 1; i < kd.n && i < 3; i++)
		visit_into(b, kd.v[i], &e->legs[i - 1], e);
	emit(b, e);
}

static void visit_loop(struct builder *b, CXCursor c, enum CXCursorKind k)
{
	struct kids kd = kids_of(c);
	struct event *e;
	unsigned i, body;
	int v;

	if (!kd.n)
		return;
	/* do { } while (0) written by hand is just a block */
	if (k == CXCursor_DoStmt && kd.n == 2) {
		CXEvalResult r = clang_Cursor_Evaluate(kd.v[1]);

		v = r && clang_EvalResult_getKind(r) == CXEval_Int &&
		    clang_EvalResult_getAsLongLong(r) == 0;
		if (r)
			clang_EvalResult_dispose(r);
		if (v) {
			visit(b, kd.v[0], CTX_LOAD);
			return;
		}
	}
	body = k == CXCursor_DoStmt ? 0 : kd.n - 1;
	e = new_event(b, EV_LOOP);
	e->folds = -1;
	e->name = k == CXCursor_ForStmt ? "for" :
		  k == CXCursor_WhileStmt ? "while" :
					    "do";
	span_of_cursor(b, c, &e->span);
	e->nlegs = 1;
	{
		struct evlist *saved = b->cur;
		struct event *saved_parent = b->parent;

		b->cur = &e->legs[0];
		b->parent = e;
		struct srcset deps = { 0 };

		for (i = 0; i < kd.n && i < 8; i++) {
			if (i == body)
				visit(b, kd.v[i], CTX_LOAD);
			else
				visit_cond(b, kd.v[i], &deps);
		}
		b->cur = saved;
		b->parent = saved_parent;
		set_deps(b, e, &deps);
	}
	emit(b, e);
}

static void visit_switch(struct builder *b, CXCursor c)
{
	struct kids kd = kids_of(c);
	struct event *e;

	struct srcset deps = { 0 };

	if (kd.n < 2)
		return;
	visit_cond(b, kd.v[0], &deps);
	e = new_event(b, EV_BRANCH);
	e->name = "switch";
	e->folds = -1;
	set_deps(b, e, &deps);
	span_of_cursor(b, c, &e->span);
	e->nlegs = 1;
	visit_into(b, kd.v[kd.n - 1], &e->legs[0], e);
	emit(b, e);
}

static void visit_conditional(struct builder *b, CXCursor c)
{
	struct kids kd = kids_of(c);
	struct event *e;
	unsigned i;

	if (kd.n != 3) {
		visit_all(b, c, CTX_LOAD);
		return;
	}
	{
		struct srcset deps = { 0 };

		visit_cond(b, kd.v[0], &deps);
		e = new_event(b, EV_BRANCH);
		set_deps(b, e, &deps);
	}
	e->name = "?:";
	e->folds = -1;
	span_of_cursor(b, c, &e->span);
	e->nlegs = 2;
	for (i = 1; i < 3; i++)
		visit_into(b, kd.v[i], &e->legs[i - 1], e);
	emit(b, e);
}

static void simple_event(struct builder *b, CXCursor c, enum ev_type t,
			 const char *name)
{
	struct event *e = new_event(b, t);

	e->name = name;
	span_of_cursor(b, c, &e->span);
	emit(b, e);
}

/* The text of @c without casts and parentheses around it (arena). */
static const char *bare_text(struct builder *b, CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		struct kids kd;

		if (k != CXCursor_CStyleCastExpr && k != CXCursor_ParenExpr &&
		    k != CXCursor_UnexposedExpr)
			break;
		kd = kids_of(c);
		if (!kd.n)
			break;
		c = kd.v[kd.n - 1];
	}
	return text_of(b, c);
}

static bool is_zero(CXCursor c)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	bool z = false;

	if (r) {
		z = clang_EvalResult_getKind(r) == CXEval_Int &&
		    clang_EvalResult_getAsLongLong(r) == 0;
		clang_EvalResult_dispose(r);
	}
	return z;
}

/*
 * What an operator does to a dependency its operands carry
 * (ordering-semantics.md section 3, A3 and A4): p - p and x & 0 cancel it,
 * a comparison or a logical operator turns it into a truth value, which
 * the compiler computes with a branch. 0 if neither.
 */
static unsigned operator_how(struct builder *b, const CXCursor *kd,
			     const char *op, const struct srcset *l,
			     const struct srcset *r)
{
	static const char *const rel[] = { "<", ">", "<=", ">=", "==",
					   "!=", "&&", "||" };
	unsigned i;

	if (!l->n && !r->n)
		return 0;
	if ((!strcmp(op, "-") || !strcmp(op, "^")) && l->n && r->n) {
		const char *a = bare_text(b, kd[0]), *c = bare_text(b, kd[1]);

		if (a && c && !strcmp(a, c))
			return AH_CANCEL;
	}
	if ((!strcmp(op, "&") || !strcmp(op, "*")) &&
	    (is_zero(kd[0]) || is_zero(kd[1])))
		return AH_CANCEL;
	for (i = 0; i < sizeof(rel) / sizeof(rel[0]); i++)
		if (!strcmp(op, rel[i]))
			return AH_REL;
	return 0;
}

static bool is_null_operand(struct builder *b, CXCursor c)
{
	const char *t = bare_text(b, c);

	return is_zero(c) || (t && (!strcmp(t, "NULL") || !strcmp(t, "0")));
}

/* &object, or an array or function name: an address the compiler knows. */
static bool is_address_operand(struct builder *b, CXCursor c)
{
	const char *t = bare_text(b, c);
	CXCursor ref;
	enum CXTypeKind tk;

	if (t && t[0] == '&')
		return true;
	while (clang_getCursorKind(c) == CXCursor_UnexposedExpr ||
	       clang_getCursorKind(c) == CXCursor_ParenExpr ||
	       clang_getCursorKind(c) == CXCursor_CStyleCastExpr) {
		struct kids kd = kids_of(c);

		if (!kd.n)
			return false;
		c = kd.v[kd.n - 1];
	}
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) == CXCursor_FunctionDecl)
		return true;
	tk = clang_getCursorType(ref).kind;
	return clang_getCursorKind(ref) == CXCursor_VarDecl &&
	       (tk == CXType_ConstantArray || tk == CXType_IncompleteArray);
}

static const struct event **arena_events(struct builder *b,
					 const struct srcset *s)
{
	const struct event **v = NULL;

	if (s->n) {
		v = arena_alloc(&b->arena, s->n * sizeof(*v));
		memcpy(v, s->v, s->n * sizeof(*v));
	}
	return v;
}

/* An if on p == X or p != X with p a pointer: keep both sides' sources. */
static void note_compare(struct builder *b, const CXCursor *kd, const char *op,
			 const struct srcset *l, const struct srcset *r)
{
	struct ptr_compare *pc;

	if (!is_pointer(clang_getCursorType(kd[0])) &&
	    !is_pointer(clang_getCursorType(kd[1])))
		return;
	pc = arena_alloc(&b->arena, sizeof(*pc));
	memset(pc, 0, sizeof(*pc));
	pc->lhs = arena_events(b, l);
	pc->nlhs = l->n;
	pc->rhs = arena_events(b, r);
	pc->nrhs = r->n;
	pc->lhs_text = bare_text(b, kd[0]);
	pc->rhs_text = bare_text(b, kd[1]);
	pc->lhs_null = is_null_operand(b, kd[0]);
	pc->rhs_null = is_null_operand(b, kd[1]);
	pc->lhs_addr = is_address_operand(b, kd[0]);
	pc->rhs_addr = is_address_operand(b, kd[1]);
	pc->equal_leg = !strcmp(op, "==") ? 0 : 1;
	b->cmp = pc;
}

/*
 * The operands of a binary operator that stores nothing: their loads flow
 * into the value, with what the operator did to them.
 */
static void visit_operands(struct builder *b, CXCursor c, const CXCursor *kd,
			   const char *op)
{
	struct srcset l, r, *outer = collect_begin(b, &l);
	unsigned how;

	visit(b, kd[0], CTX_LOAD);
	b->coll = outer;
	collect_begin(b, &r);
	visit(b, kd[1], CTX_LOAD);
	b->coll = outer;
	how = operator_how(b, kd, op, &l, &r);
	if (outer) {
		src_merge(outer, &l);
		src_merge(outer, &r);
		if (how && !outer->why) {
			outer->why = text_of(b, c);
			span_of_cursor(b, c, &outer->why_span);
		}
		outer->how |= how;
	}
	if (b->cmp_at && clang_equalCursors(c, *b->cmp_at) &&
	    (!strcmp(op, "==") || !strcmp(op, "!=")))
		note_compare(b, kd, op, &l, &r);
	free(l.v);
	free(r.v);
}

static bool is_assign_op(const char *op)
{
	size_t n = strlen(op);

	return n >= 1 && op[n - 1] == '=' && strcmp(op, "==") &&
	       strcmp(op, "!=") && strcmp(op, "<=") && strcmp(op, ">=");
}

static void visit_binary(struct builder *b, CXCursor c, bool compound)
{
	struct kids kd = kids_of(c);
	char *op;

	if (kd.n != 2) {
		visit_all(b, c, CTX_LOAD);
		return;
	}
	op = binary_op(b, kd.v[0]);
	if (compound || is_assign_op(op)) {
		CXCursor lhs = strip(kd.v[0]);
		CXCursor ref = clang_getCursorReferenced(lhs);
		struct srcset val, *outer = collect_begin(b, &val);
		size_t before = b->cur->n;

		/* the value is computed before it is stored */
		visit(b, kd.v[1], CTX_LOAD);
		collect_end(b, outer);
		if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr &&
		    is_local_var(ref)) {
			struct local_val *lv = local_of(b, ref, true);

			if (!strcmp(op, "="))
				src_clear(&lv->src);
			src_merge(&lv->src, &val);
		}
		free(val.v);
		visit(b, kd.v[0], compound || strcmp(op, "=") ? CTX_RMW :
								  CTX_STORE);
		if (b->cur->n > before &&
		    b->cur->v[b->cur->n - 1]->type == EV_ACCESS &&
		    b->cur->v[b->cur->n - 1]->kind != K_LOAD)
			b->cur->v[b->cur->n - 1]->value_text =
				text_of(b, kd.v[1]);
	} else {
		visit_operands(b, c, kd.v, op);
	}
	free(op);
}

static void visit_unary(struct builder *b, CXCursor c, enum ctx ctx)
{
	struct kids kd = kids_of(c);
	char *op = unary_op(b, c);

	if (kd.n != 1) {
		free(op);
		visit_all(b, c, CTX_LOAD);
		return;
	}
	if (!strcmp(op, "*")) {
		static const enum ctx load = CTX_LOAD;

		visit_address(b, access_event(b, c, ctx), kd.v, &load, 1);
	} else if (!strcmp(op, "&")) {
		visit(b, kd.v[0], CTX_ADDR);
	} else if (!strcmp(op, "++") || !strcmp(op, "--")) {
		visit(b, kd.v[0], CTX_RMW);
	} else {
		visit(b, kd.v[0], CTX_LOAD);
	}
	free(op);
}

static void visit_member(struct builder *b, CXCursor c, enum ctx ctx)
{
	struct kids kd = kids_of(c);
	struct event *e = access_event(b, c, ctx);
	enum ctx base;

	if (kd.n != 1)
		return;
	/* p->f loads p; s.f names s without loading it */
	base = is_pointer(clang_getCursorType(kd.v[0])) ? CTX_LOAD :
								     CTX_ADDR;
	visit_address(b, e, kd.v, &base, 1);
}

static void visit_subscript(struct builder *b, CXCursor c, enum ctx ctx)
{
	struct kids kd = kids_of(c);
	struct event *e = access_event(b, c, ctx);
	enum ctx ctxs[2] = { CTX_ADDR, CTX_LOAD };

	if (kd.n != 2)
		return;
	/* an array decays to a pointer here, but a[i] does not load a */
	if (is_pointer(clang_getCursorType(strip(kd.v[0]))))
		ctxs[0] = CTX_LOAD;
	visit_address(b, e, kd.v, ctxs, 2);
}

static void visit_declref(struct builder *b, CXCursor c, enum ctx ctx)
{
	CXCursor ref = clang_getCursorReferenced(c);

	if (clang_getCursorKind(ref) != CXCursor_VarDecl &&
	    clang_getCursorKind(ref) != CXCursor_ParmDecl)
		return;
	if (is_local_var(ref)) {
		struct local_val *lv;

		if (b->coll && ctx == CTX_LOAD && (lv = local_of(b, ref, false)))
			src_merge(b->coll, &lv->src);
		return;
	}
	access_event(b, c, ctx);
}

/*
 * Inside a claimed primitive, nodes of its expansion make no events: they
 * are its implementation. What the user wrote in its arguments does.
 */
static bool from_claimed_body(struct builder *b, CXCursor c)
{
	struct floc s;

	if (!b->inside)
		return false;
	s = file_loc(clang_getRangeStart(clang_getCursorExtent(c)));
	return s.file == b->inside->file && s.off == b->inside->off;
}

static void visit_node(struct builder *b, CXCursor c, enum ctx ctx);

/*
 * A declaration evaluates its initializer only: the other children are
 * its type's, and typeof(*p) in "typeof(*p) *local = READ_ONCE(p)" (the
 * kernel's rcu_dereference()) reads nothing.
 */
static void visit_init(struct builder *b, CXCursor decl)
{
	CXCursor init = clang_Cursor_getVarDeclInitializer(decl);

	if (!clang_Cursor_isNull(init))
		visit(b, init, CTX_LOAD);
}

/* (typeof(x) *)&x: the operand is the last child, the rest is the type. */
struct last_kid {
	CXCursor c;
	bool found;
};

static enum CXChildVisitResult last_kid_cb(CXCursor c, CXCursor p,
					   CXClientData d)
{
	struct last_kid *k = d;

	(void)p;
	k->c = c;
	k->found = true;
	return CXChildVisit_Continue;
}

static void visit_cast_operand(struct builder *b, CXCursor c, enum ctx ctx)
{
	struct last_kid k = { clang_getNullCursor(), false };

	clang_visitChildren(c, last_kid_cb, &k);
	if (k.found)
		visit(b, k.c, ctx == CTX_ADDR ? CTX_ADDR : CTX_LOAD);
}


static void visit(struct builder *b, CXCursor c, enum ctx ctx)
{
	if (from_claimed_body(b, c)) {
		visit_all(b, c, ctx == CTX_LOCATION ? CTX_LOCATION : CTX_LOAD);
		return;
	}
	if (b->inside) {
		struct floc s = file_loc(
			clang_getRangeStart(clang_getCursorExtent(c)));
		struct macro_exp *in = b->inside;
		struct event *ev = b->inside_ev;

		if (!b->in_loc && in->prim->ptr_arg >= 0 &&
		    in_arg(in, in->prim->ptr_arg, s.off) &&
		    (ctx == CTX_LOCATION || ctx == CTX_LOAD ||
		     ctx == CTX_STORE || ctx == CTX_RMW)) {
			/* the primitive's own location: the access is the event */
			struct srcset a, *outer;

			if (b->loc_seen)
				return;
			b->loc_seen = true;
			if (!ev->key)
				ev->key = (in->prim->flags & F_LVALUE) ?
						  lvalue_key(b, c) :
						  pointee_key(b, c);
			outer = collect_begin(b, &a);
			b->in_loc = true;
			visit_node(b, c, CTX_ADDR);
			b->in_loc = false;
			collect_end(b, outer);
			set_adeps(b, ev, &a);
			return;
		}
	}
	visit_node(b, c, ctx);
}

static void visit_node(struct builder *b, CXCursor c, enum ctx ctx)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct macro_exp *m;

	m = claim(b, c);
	if (m) {
		macro_event(b, c, m, ctx);
		return;
	}
	switch (k) {
	case CXCursor_CompoundStmt:
		visit_all(b, c, CTX_LOAD);
		return;
	case CXCursor_IfStmt:
		visit_if(b, c);
		return;
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		visit_loop(b, c, k);
		return;
	case CXCursor_SwitchStmt:
		visit_switch(b, c);
		return;
	case CXCursor_ConditionalOperator:
		visit_conditional(b, c);
		return;
	case CXCursor_ReturnStmt:
		visit_all(b, c, CTX_LOAD);
		simple_event(b, c, EV_JUMP, "return");
		return;
	case CXCursor_BreakStmt:
		simple_event(b, c, EV_JUMP, "break");
		return;
	case CXCursor_ContinueStmt:
		simple_event(b, c, EV_JUMP, "continue");
		return;
	case CXCursor_GotoStmt:
	case CXCursor_IndirectGotoStmt:
		simple_event(b, c, EV_JUMP, "goto");
		return;
	case CXCursor_LabelStmt:
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
		simple_event(b, c, EV_LABEL, "label");
		visit_all(b, c, CTX_LOAD);
		return;
	case CXCursor_CallExpr:
		visit_call(b, c);
		return;
	case CXCursor_UnexposedExpr:
		if (visit_atomic_expr(b, c))
			return;
		visit_all(b, c, ctx);
		return;
	case CXCursor_ParenExpr:
		visit_all(b, c, ctx);
		return;
	case CXCursor_AsmStmt:
		if (asm_clobbers_memory(b, c)) {
			struct event *e = new_event(b, EV_FENCE);

			e->name = "asm";
			e->cls = OC_CBAR;
			e->flags |= EVF_ASM;
			span_of_cursor(b, c, &e->span);
			emit(b, e);
		}
		return;
	case CXCursor_BinaryOperator:
		visit_binary(b, c, false);
		return;
	case CXCursor_CompoundAssignOperator:
		visit_binary(b, c, true);
		return;
	case CXCursor_UnaryOperator:
		visit_unary(b, c, ctx);
		return;
	case CXCursor_MemberRefExpr:
		visit_member(b, c, ctx);
		return;
	case CXCursor_ArraySubscriptExpr:
		visit_subscript(b, c, ctx);
		return;
	case CXCursor_DeclRefExpr:
		visit_declref(b, c, ctx);
		return;
	case CXCursor_VarDecl:
		if (is_local_var(c)) {
			struct srcset val, *outer = collect_begin(b, &val);
			struct local_val *lv;

			visit_init(b, c);
			collect_end(b, outer);
			lv = local_of(b, c, true);
			src_clear(&lv->src);
			src_merge(&lv->src, &val);
			free(val.v);
			return;
		}
		visit_init(b, c);
		return;
	case CXCursor_CStyleCastExpr:
		visit_cast_operand(b, c, ctx);
		return;
	case CXCursor_UnaryExpr: /* sizeof, alignof: not evaluated */
	case CXCursor_TypeRef:
		return;
	default:
		visit_all(b, c, CTX_LOAD);
		return;
	}
}

/* ---- functions ---- */

/* Bodies that implement a primitive are its definition, not its use. */
static bool implements_primitive(const char *name)
{
	static const char *const prefixes[] = { "arch_", "raw_atomic",
						"generic_", "__arch_" };
	unsigned i;

	if (vocab_lookup(name, false))
		return true;
	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

struct fn_walk {
	struct builder *b;
	struct tu_ir *out;
	CXFile main_file;
	unsigned cap;
};

static void build_function(struct fn_walk *w, CXCursor fn, CXCursor body,
			   const char *name, struct floc at)
{
	struct builder *b = w->b;
	struct function_ir *f = arena_alloc(&b->arena, sizeof(*f));

	f->name = arena_strdup(&b->arena, name);
	span_of_cursor(b, fn, &f->span);
	f->in_header = at.file != w->main_file;
	b->cur = &f->body;
	b->parent = NULL;
	b->flags = 0;
	b->inside = NULL;
	b->coll = NULL;
	locals_reset(b);
	visit(b, body, CTX_LOAD);
	if (w->out->nfns == w->cap) {
		w->cap = w->cap ? w->cap * 2 : 64;
		w->out->fns = xrealloc(w->out->fns,
				       w->cap * sizeof(*w->out->fns));
	}
	w->out->fns[w->out->nfns++] = f;
}

/* The body is a definition's last child, after its parameters. */
struct last_child {
	CXCursor c;
	bool found;
};

static enum CXChildVisitResult last_cb(CXCursor c, CXCursor p, CXClientData d)
{
	struct last_child *l = d;

	(void)p;
	l->c = c;
	l->found = true;
	return CXChildVisit_Continue;
}

static CXCursor body_of(CXCursor def)
{
	struct last_child body = { .found = false };

	clang_visitChildren(def, last_cb, &body);
	if (!body.found || clang_getCursorKind(body.c) != CXCursor_CompoundStmt)
		return clang_getNullCursor();
	return body.c;
}

/*
 * Whether a header function's text names any primitive. Kernel headers
 * hold thousands of inline functions per file; one that names none has no
 * event a rule anchors on, and its events are still built on demand when
 * a caller needs its summary. Scanning the text is much cheaper than
 * walking its AST through libclang.
 */
static bool names_a_primitive(struct builder *b, CXCursor fn)
{
	CXSourceRange r = clang_getCursorExtent(fn);
	struct floc s = file_loc(clang_getRangeStart(r));
	struct floc e = file_loc(clang_getRangeEnd(r));
	struct ir_file *fi = s.file ? file_info(b, s.file) : NULL;
	size_t len = fi ? fi->len : 0, i, j;
	const char *buf = fi ? fi->buf : NULL;
	char name[128];

	if (!buf || e.file != s.file || e.off > len)
		return true;
	for (i = s.off; i < e.off; i = j) {
		if (!is_ident(buf[i]) || (buf[i] >= '0' && buf[i] <= '9')) {
			j = i + 1;
			continue;
		}
		for (j = i; j < e.off && is_ident(buf[j]); j++)
			;
		if (j - i < sizeof(name)) {
			memcpy(name, buf + i, j - i);
			name[j - i] = '\0';
			if (vocab_lookup(name, false))
				return true;
		}
	}
	return false;
}

static enum CXChildVisitResult fn_cb(CXCursor c, CXCursor parent,
				     CXClientData data)
{
	struct fn_walk *w = data;
	struct builder *b = w->b;
	CXCursor bc;
	struct floc at;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	at = file_loc(clang_getCursorLocation(c));
	if (!at.file ||
	    clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	name = cursor_spelling(c);
	if (at.file != w->main_file) {
		char *key;
		bool seen;

		if (implements_primitive(name) || !names_a_primitive(b, c)) {
			free(name);
			return CXChildVisit_Continue;
		}
		key = xasprintf("%s:%u", display_name(b, at.file), at.off);
		seen = b->opts->seen && seen_test_and_add(b->opts->seen, key);
		free(key);
		if (seen) {
			free(name);
			return CXChildVisit_Continue;
		}
	}
	bc = body_of(c);
	if (!clang_Cursor_isNull(bc))
		build_function(w, c, bc, name, at);
	free(name);
	return CXChildVisit_Continue;
}

static void free_list(struct evlist *l);

int events_build_tu(CXTranslationUnit tu, const struct build_opts *opts,
		    struct tu_ir *out)
{
	struct builder b = { .tu = tu, .opts = opts };
	struct fn_walk w = { .b = &b, .out = out };
	CXString main = clang_getTranslationUnitSpelling(tu);

	memset(out, 0, sizeof(*out));
	w.main_file = clang_getFile(tu, clang_getCString(main));
	clang_disposeString(main);
	macros_collect(tu, &b.macros);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), fn_cb, &w);
	macros_free(&b.macros);
	free(b.summaries);
	free(b.claims);
	free_list(&b.kept);
	locals_reset(&b);
	free(b.locals);
	free(b.fhash);
	out->files = b.files;
	out->nfiles = b.nfiles;
	out->arena = b.arena;
	return 0;
}

const char *events_file_text(const struct tu_ir *ir, const char *display,
			     size_t *len)
{
	unsigned i;

	for (i = 0; i < ir->nfiles; i++)
		if (ir->files[i]->display == display ||
		    !strcmp(ir->files[i]->display, display)) {
			*len = ir->files[i]->len;
			return ir->files[i]->buf;
		}
	return NULL;
}

void events_line_col(const struct tu_ir *ir, const char *display, unsigned off,
		     unsigned *line, unsigned *col)
{
	unsigned i;

	*line = *col = 0;
	for (i = 0; i < ir->nfiles; i++)
		if (ir->files[i]->display == display ||
		    !strcmp(ir->files[i]->display, display)) {
			line_col(ir->files[i], off, line, col);
			return;
		}
}

static void free_list(struct evlist *l)
{
	unsigned i, j;

	for (i = 0; i < l->n; i++)
		for (j = 0; j < l->v[i]->nlegs; j++)
			free_list(&l->v[i]->legs[j]);
	free(l->v);
}

void events_free_tu(struct tu_ir *ir)
{
	unsigned i;

	for (i = 0; i < ir->nfns; i++)
		free_list(&ir->fns[i]->body);
	free(ir->fns);
	for (i = 0; i < ir->nfiles; i++)
		free(ir->files[i]->lines);
	free(ir->files);
	arena_free(ir->arena);
	memset(ir, 0, sizeof(*ir));
}
