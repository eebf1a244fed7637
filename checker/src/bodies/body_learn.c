// SPDX-License-Identifier: GPL-2.0
/*
 * Learning a TU's headers for the body memo (bodies.h): where their
 * functions' bodies are (from the AST: what the text alone cannot tell,
 * through #if and macros), and what their text names, split into the
 * blankable bodies, the #defines and the rest.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../events/cursor.h"
#include "../events/lex.h"
#include "../util.h"
#include "../vocab/vocab.h"
#include "bodies.h"

char *bodies_file_path(const char *name, const char *dir)
{
	char *joined, *r;

	if (name[0] == '/' || !dir)
		return path_absolute(name);
	joined = xasprintf("%s/%s", dir, name);
	r = path_absolute(joined);
	free(joined);
	return r;
}

int bodies_file_find(const struct body_memo *m, const char *path)
{
	return (int)(uintptr_t)strmap_get(m->file_of, path) - 1;
}

static void file_index(struct body_memo *m, unsigned i)
{
	bool added;

	if (!m->file_of)
		m->file_of = strmap_new();
	*strmap_slot(m->file_of, m->files[i].path, strlen(m->files[i].path),
		     &added) = (void *)(uintptr_t)(i + 1);
}

/* A header of the TU being learnt. */
struct pending {
	CXFile f;
	char *path;
	char *buf;
	size_t len;
	struct stat st;
	struct body_fn *fns; /* its blankable functions, by offset */
	unsigned nfns, cap;
	/* its other definitions (bodies.h), by offset */
	struct body_fn *kept;
	unsigned nkept, keptcap;
};

struct learn {
	struct body_memo *m;
	struct pending *v;
	unsigned n, cap;
	CXFile main;
	const char *dir;
	unsigned last; /* pending_of()'s last answer */
};

static void add_inclusion(CXFile f, CXSourceLocation *stack, unsigned n,
			  CXClientData data)
{
	struct learn *l = data;
	CXString s;
	char *path;
	struct pending *p;

	(void)stack;
	if (!n || clang_File_isEqual(f, l->main))
		return;
	s = clang_getFileName(f);
	path = bodies_file_path(clang_getCString(s) ? clang_getCString(s) : "",
				l->dir);
	clang_disposeString(s);
	if (bodies_file_find(l->m, path) >= 0) {
		free(path);
		return;
	}
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	p = &l->v[l->n];
	memset(p, 0, sizeof(*p));
	p->f = f;
	p->path = path;
	if (stat(path, &p->st) || !(p->buf = read_file(path, &p->len))) {
		free(path);
		return;
	}
	l->n++;
}

static struct pending *pending_of(struct learn *l, CXFile f)
{
	unsigned i;

	/* the last one first: a header's definitions come together */
	if (l->last < l->n && clang_File_isEqual(l->v[l->last].f, f))
		return &l->v[l->last];
	for (i = 0; i < l->n; i++)
		if (clang_File_isEqual(l->v[i].f, f)) {
			l->last = i;
			return &l->v[i];
		}
	return NULL;
}

/* Where @loc is written, if it is written there and not by a macro. */
static bool written(CXSourceLocation loc, CXFile f, unsigned *off)
{
	CXFile sf, ef;
	unsigned so, eo;

	clang_getSpellingLocation(loc, &sf, NULL, NULL, &so);
	clang_getExpansionLocation(loc, &ef, NULL, NULL, &eo);
	*off = so;
	return sf && ef && clang_File_isEqual(sf, f) &&
	       clang_File_isEqual(ef, f) && so == eo;
}

struct directives {
	size_t at; /* the current directive's '#' + 1 */
	unsigned words, depth;
	bool bad;
};

static void check_directive(void *ctx, size_t off, const char *s, size_t n,
			    size_t directive)
{
	struct directives *d = ctx;

	(void)off;
	if (!directive || !n)
		return;
	if (directive != d->at) {
		d->at = directive;
		d->words = 0;
	}
	if (d->words++)
		return;
	if ((n == 2 && !strncmp(s, "if", 2)) ||
	    (n == 5 && !strncmp(s, "ifdef", 5)) ||
	    (n == 6 && !strncmp(s, "ifndef", 6)))
		d->depth++;
	else if (n == 5 && !strncmp(s, "endif", 5))
		d->bad |= !d->depth--;
	else if ((n == 4 && !strncmp(s, "else", 4)) ||
		 (n == 4 && !strncmp(s, "elif", 4)))
		d->bad |= !d->depth;
	else
		d->bad = true; /* #define, #include, #pragma...: kept whole */
}

/*
 * A body blanks cleanly when the conditionals in it open and close in it
 * and it holds no other directive: blanking must leave the rest of the
 * file as the preprocessor read it.
 */
static bool blanks_cleanly(const char *buf, unsigned lo, unsigned hi)
{
	struct directives d = { 0 };

	if (buf[lo] != '{' || buf[hi - 1] != '}')
		return false;
	body_scan_idents(buf, lo, hi, check_directive, &d);
	return !d.bad && !d.depth;
}

static void pending_add(struct pending *p, unsigned lo, unsigned hi,
			unsigned name_off, unsigned name, bool prim)
{
	if (p->nfns == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 16;
		p->fns = xrealloc(p->fns, p->cap * sizeof(*p->fns));
	}
	memset(&p->fns[p->nfns], 0, sizeof(p->fns[0]));
	p->fns[p->nfns].lo = lo;
	p->fns[p->nfns].hi = hi;
	p->fns[p->nfns].name = name;
	p->fns[p->nfns].prim = prim;
	p->fns[p->nfns++].name_off = name_off;
}

/*
 * Whether the text of the definition @c names a primitive, read as the
 * walk reads it (events/tu.c): from where its extent starts.
 */
static bool names_a_primitive(CXCursor c, CXFile f, const char *buf,
			      unsigned name_off, unsigned hi)
{
	CXFile sf;
	unsigned start;

	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)),
			      &sf, NULL, NULL, &start);
	if (!sf || !clang_File_isEqual(sf, f) || start > name_off)
		start = name_off;
	return text_names_primitive(buf, start, hi);
}

/*
 * A definition in a header being learnt whose body cannot be blanked (a
 * macro made it, a directive is in it): what it names is read when it is
 * built, and the walk builds it when its text names a primitive, the
 * text as the walk reads it (events/tu.c): a made function's is the
 * invocation.
 */
static void keep_definition(struct learn *l, struct pending *p, CXCursor c,
			    CXFile f)
{
	CXSourceRange ext = clang_getCursorExtent(c);
	CXFile sf, ef;
	unsigned lo, hi;
	struct body_fn *k;
	char *name;

	clang_getFileLocation(clang_getRangeStart(ext), &sf, NULL, NULL, &lo);
	clang_getFileLocation(clang_getRangeEnd(ext), &ef, NULL, NULL, &hi);
	if (!sf || !ef || !clang_File_isEqual(sf, f) ||
	    !clang_File_isEqual(ef, f) || hi <= lo || hi > p->len)
		return;
	if (p->nkept == p->keptcap) {
		p->keptcap = p->keptcap ? p->keptcap * 2 : 16;
		p->kept = xrealloc(p->kept, p->keptcap * sizeof(*p->kept));
	}
	k = &p->kept[p->nkept++];
	memset(k, 0, sizeof(*k));
	name = cursor_spelling(c);
	k->lo = lo;
	k->hi = hi;
	k->name = body_id(l->m, name, strlen(name));
	k->prim =
		!vocab_implements(name) && text_names_primitive(p->buf, lo, hi);
	free(name);
}

/* Whether the definition @c in @p's file @f has a body that blanks. */
static bool learn_body(struct learn *l, struct pending *p, CXCursor c, CXFile f)
{
	CXSourceRange body_ext;
	CXCursor body = cursor_body(c);
	unsigned name_off, lo, hi;
	bool ok = false;
	char *name;
	size_t n;

	if (clang_Cursor_isNull(body) ||
	    !written(clang_getCursorLocation(c), f, &name_off))
		return false;
	body_ext = clang_getCursorExtent(body);
	if (!written(clang_getRangeStart(body_ext), f, &lo) ||
	    !written(clang_getRangeEnd(body_ext), f, &hi) || hi <= lo ||
	    hi > p->len)
		return false;
	/* a name a macro made is not where libclang says it is written */
	name = cursor_spelling(c);
	n = strlen(name);
	if (n && name_off + n < p->len &&
	    !strncmp(p->buf + name_off, name, n) &&
	    !text_is_ident(p->buf[name_off + n]) &&
	    blanks_cleanly(p->buf, lo, hi)) {
		pending_add(
			p, lo, hi, name_off, body_id(l->m, name, n),
			!vocab_implements(name) &&
				names_a_primitive(c, f, p->buf, name_off, hi));
		ok = true;
	}
	free(name);
	return ok;
}

static void learn_function(struct learn *l, CXCursor c)
{
	struct pending *p;
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL,
				   NULL);
	if (f && (p = pending_of(l, f)) && clang_isCursorDefinition(c) &&
	    !learn_body(l, p, c, f))
		keep_definition(l, p, c, f);
}

static enum CXChildVisitResult top_level(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl)
		learn_function(data, c);
	return CXChildVisit_Continue;
}

static int by_lo(const void *a, const void *b)
{
	const struct body_fn *x = a, *y = b;

	return (x->lo > y->lo) - (x->lo < y->lo);
}

/* Identifier lists, grown by one. */
static void ids_push(unsigned **v, unsigned *n, unsigned id)
{
	if (!(*n & (*n - 1)) || !*n)
		*v = xrealloc(*v, (*n ? *n * 2 : 4) * sizeof(unsigned));
	(*v)[(*n)++] = id;
}

/* Where each identifier of a header goes. */
struct split {
	struct body_memo *m;
	struct pending *p;
	unsigned k; /* the next function at or after the offset */
	size_t dir_at; /* the directive the words are of */
	unsigned words;
	int macro; /* the #define being read, or -1 */
	size_t params_end; /* its parameter list's ')' */
	size_t prev_end; /* the end of its last identifier */
	unsigned prev; /* and its number */
	size_t paste_end; /* the end of its last ##, or 0 */
	/* what the #ifs left out: the headers as this configuration reads them */
	unsigned (*skipped)[2], nskipped, next_skipped;
	unsigned next_kept; /* the next of p's kept definitions */
};

/* Whether @off is in kept definitions: each gets the name @id. */
static bool kept_ident(struct split *sp, size_t off, unsigned id)
{
	struct pending *p = sp->p;
	unsigned j;
	bool in = false;

	while (sp->next_kept < p->nkept && off >= p->kept[sp->next_kept].hi)
		sp->next_kept++;
	for (j = sp->next_kept; j < p->nkept && off >= p->kept[j].lo; j++) {
		if (off >= p->kept[j].hi)
			continue;
		in = true;
		ids_push(&p->kept[j].ids, &p->kept[j].nids, id);
	}
	return in;
}

static bool in_skipped(struct split *sp, size_t off)
{
	while (sp->next_skipped < sp->nskipped &&
	       off >= sp->skipped[sp->next_skipped][1])
		sp->next_skipped++;
	return sp->next_skipped < sp->nskipped &&
	       off >= sp->skipped[sp->next_skipped][0];
}

static int by_start(const void *a, const void *b)
{
	const unsigned *x = a, *y = b;

	return (x[0] > y[0]) - (x[0] < y[0]);
}

static void skipped_ranges(CXTranslationUnit tu, struct pending *p,
			   struct split *sp)
{
	CXSourceRangeList *r = clang_getSkippedRanges(tu, p->f);
	unsigned i;

	if (!r)
		return;
	sp->skipped = xcalloc(r->count + 1, sizeof(*sp->skipped));
	for (i = 0; i < r->count; i++) {
		unsigned lo, hi;

		clang_getSpellingLocation(clang_getRangeStart(r->ranges[i]),
					  NULL, NULL, NULL, &lo);
		clang_getSpellingLocation(clang_getRangeEnd(r->ranges[i]), NULL,
					  NULL, NULL, &hi);
		if (hi > lo) {
			sp->skipped[sp->nskipped][0] = lo;
			sp->skipped[sp->nskipped++][1] = hi;
		}
	}
	if (sp->nskipped > 1)
		qsort(sp->skipped, sp->nskipped, sizeof(*sp->skipped),
		      by_start);
	clang_disposeSourceRangeList(r);
}

static bool blank_between(const char *buf, size_t from, size_t to)
{
	for (; from < to; from++)
		if (!lex_blank(buf[from]))
			return false;
	return true;
}

/* The ')' of the parameters of the macro named at [off, off + n), or 0. */
static size_t params_end(const char *buf, size_t len, size_t off, size_t n)
{
	size_t i = off + n;

	if (i >= len || buf[i] != '(')
		return 0;
	while (i < len && buf[i] != ')' && buf[i] != '\n')
		i++;
	return i;
}

/* The fragments a #define pastes to a parameter: the names it makes. */
static bool is_param(const struct body_macro *d, unsigned id)
{
	unsigned i;

	for (i = 0; i < d->nparams; i++)
		if (d->ids[i] == id)
			return true;
	return false;
}

static void paste_fragment(struct split *sp, unsigned **v, unsigned *n,
			   unsigned id)
{
	/* a parameter pasted to a parameter: names the memo cannot see */
	if (!is_param(&sp->m->macros[sp->macro], id))
		ids_push(v, n, id);
}

static void macro_word(struct split *sp, size_t off, size_t n, unsigned id)
{
	struct body_macro *d = &sp->m->macros[sp->macro];
	const char *buf = sp->p->buf;

	if (!n) {
		if (sp->prev_end && blank_between(buf, sp->prev_end, off))
			paste_fragment(sp, &d->pre, &d->npre, sp->prev);
		sp->paste_end = off + 2;
		return;
	}
	if (sp->paste_end && blank_between(buf, sp->paste_end, off))
		paste_fragment(sp, &d->suf, &d->nsuf, id);
	sp->paste_end = 0;
	sp->prev = id;
	sp->prev_end = off + n;
	/* a parameter stands for an argument, written where the macro is used */
	if (off >= sp->params_end && is_param(d, id))
		return;
	ids_push(&d->ids, &d->nids, id);
	if (off < sp->params_end)
		d->nparams = d->nids;
}

static void macro_new(struct body_memo *m, unsigned name)
{
	struct body_macro *d;

	if (m->nmacros == m->macrocap) {
		m->macrocap = m->macrocap ? m->macrocap * 2 : 1024;
		m->macros =
			xrealloc(m->macros, m->macrocap * sizeof(*m->macros));
	}
	d = &m->macros[m->nmacros++];
	memset(d, 0, sizeof(*d));
	d->name = name;
	d->next = m->macro_of[name];
	m->macro_of[name] = m->nmacros;
}

/* Whether the directive whose '#' is at @at - 1 is a #define. */
static bool is_define(const char *buf, size_t len, size_t at)
{
	while (at < len && (buf[at] == ' ' || buf[at] == '\t'))
		at++;
	return at + 6 <= len && !strncmp(buf + at, "define", 6) &&
	       (at + 6 == len || !text_is_ident(buf[at + 6]));
}

static void split_ident(void *ctx, size_t off, const char *s, size_t n,
			size_t directive)
{
	struct split *sp = ctx;
	struct pending *p = sp->p;
	struct body_memo *m = sp->m;
	bool skipped = in_skipped(sp, off);
	unsigned id;

	/*
	 * What the #ifs left out is not read, but a #define there may be
	 * the one another TU reads (decompress/mm.h's malloc() is kmalloc()
	 * where STATIC is not defined).
	 */
	if (skipped && !directive)
		return;
	while (sp->k < p->nfns && off >= p->fns[sp->k].hi)
		sp->k++;
	if (sp->k < p->nfns && off >= p->fns[sp->k].lo) {
		if (n && !skipped)
			ids_push(&p->fns[sp->k].ids, &p->fns[sp->k].nids,
				 body_id(m, s, n));
		return;
	}
	if (sp->k < p->nfns && off == p->fns[sp->k].name_off)
		return; /* the function's own name */
	if (directive != sp->dir_at) {
		sp->dir_at = directive;
		sp->words = 0;
		sp->macro = -1;
	}
	if (!n) {
		if (sp->macro >= 0)
			macro_word(sp, off, 0, 0);
		return;
	}
	id = body_id(m, s, n);
	if (directive && sp->words++ == 1 &&
	    is_define(p->buf, p->len, directive)) {
		macro_new(m, id);
		sp->macro = (int)m->nmacros - 1;
		sp->params_end = params_end(p->buf, p->len, off, n);
		sp->prev_end = sp->paste_end = 0;
		return;
	}
	if (sp->macro >= 0)
		macro_word(sp, off, n, id);
	else if (!skipped && !kept_ident(sp, off, id))
		m->tops[id]++;
}

/* @p's functions, by offset, once each (a header read twice has two). */
static void pending_sort(struct pending *p)
{
	unsigned i, n = 0;

	if (p->nfns > 1)
		qsort(p->fns, p->nfns, sizeof(*p->fns), by_lo);
	for (i = 0; i < p->nfns; i++) {
		if (n && p->fns[n - 1].lo == p->fns[i].lo)
			continue;
		p->fns[n++] = p->fns[i];
	}
	p->nfns = n;
	if (p->nkept > 1)
		qsort(p->kept, p->nkept, sizeof(*p->kept), by_lo);
}

static void file_add(struct body_memo *m, struct pending *p)
{
	struct body_file *bf;
	unsigned i;

	if (m->nfiles == m->filecap) {
		m->filecap = m->filecap ? m->filecap * 2 : 256;
		m->files = xrealloc(m->files, m->filecap * sizeof(*m->files));
	}
	bf = &m->files[m->nfiles];
	bf->path = p->path;
	p->path = NULL;
	bf->dev = p->st.st_dev;
	bf->ino = p->st.st_ino;
	bf->size = p->st.st_size;
	bf->mtime = p->st.st_mtim;
	bf->fn0 = m->nfns;
	bf->nfns = p->nfns;
	if (m->nfns + p->nfns > m->fncap) {
		while (m->nfns + p->nfns > m->fncap)
			m->fncap = m->fncap ? m->fncap * 2 : 1024;
		m->fns = xrealloc(m->fns, m->fncap * sizeof(*m->fns));
	}
	for (i = 0; i < p->nfns; i++) {
		struct body_fn *f = &m->fns[m->nfns];

		*f = p->fns[i];
		f->file = m->nfiles;
		f->next = m->fn_of[f->name];
		m->fn_of[f->name] = ++m->nfns;
	}
	for (i = 0; i < p->nkept; i++) {
		struct body_fn *k;

		if (m->nkept == m->keptcap) {
			m->keptcap = m->keptcap ? m->keptcap * 2 : 256;
			m->kept = xrealloc(m->kept,
					   m->keptcap * sizeof(*m->kept));
		}
		k = &m->kept[m->nkept];
		*k = p->kept[i];
		k->file = m->nfiles;
		k->next = m->kept_of[k->name];
		m->kept_of[k->name] = ++m->nkept;
	}
	p->nkept = 0;
	m->nfiles++;
	file_index(m, m->nfiles - 1);
}

void bodies_learn(struct body_memo *m, CXTranslationUnit tu,
		  const struct tu_job *job)
{
	struct learn l = { .m = m, .dir = job->dir };
	CXString s = clang_getTranslationUnitSpelling(tu);
	unsigned i;

	l.main = clang_getFile(tu, clang_getCString(s));
	clang_disposeString(s);
	clang_getInclusions(tu, add_inclusion, &l);
	if (!l.n)
		return;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), top_level, &l);
	for (i = 0; i < l.n; i++) {
		struct pending *p = &l.v[i];
		struct split sp = { .m = m, .p = p, .macro = -1 };

		if (bodies_file_find(m, p->path) >= 0) {
			free(p->path); /* named twice */
		} else {
			pending_sort(p);
			skipped_ranges(tu, p, &sp);
			body_scan_idents(p->buf, 0, p->len, split_ident, &sp);
			free(sp.skipped);
			file_add(m, p);
		}
		free(p->buf);
		free(p->fns);
		free(p->kept);
	}
	free(l.v);
}
