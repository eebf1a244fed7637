// SPDX-License-Identifier: GPL-2.0
/* The macro expansions of a translation unit, from its preprocessing record. */
#include "macros.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../filetext.h"
#include "../util.h"

static size_t skip_literal(const char *buf, size_t len, size_t i);

/*
 * Defined in a dialect's own header (<stdatomic.h>, <urcu/...>): that
 * dialect's name; the dialect, or VOCAB_NO_HEADER.
 */
static int defined_in_scoped_header(CXCursor expansion)
{
	CXCursor def = clang_getCursorReferenced(expansion);
	CXFile f;
	CXString name;
	const char *s;
	int r;

	if (clang_Cursor_isNull(def))
		return VOCAB_NO_HEADER;
	clang_getFileLocation(clang_getCursorLocation(def), &f, NULL, NULL,
			      NULL);
	if (!f)
		return VOCAB_NO_HEADER;
	name = clang_getFileName(f);
	s = clang_getCString(name);
	r = s ? vocab_header_dialect(s) : VOCAB_NO_HEADER;
	clang_disposeString(name);
	return r;
}

struct macro_def *macros_new_def(struct macro_table *mt)
{
	struct macro_def *d;

	if (mt->ndefs == mt->defs_cap) {
		mt->defs_cap = mt->defs_cap ? mt->defs_cap * 2 : 4096;
		mt->defs = xrealloc(mt->defs, mt->defs_cap * sizeof(*mt->defs));
	}
	d = &mt->defs[mt->ndefs++];
	memset(d, 0, sizeof(*d));
	return d;
}

struct macro_exp *macros_new_exp(struct macro_table *mt)
{
	struct macro_exp *m;

	if (mt->n == mt->cap) {
		mt->cap = mt->cap ? mt->cap * 2 : 4096;
		mt->v = xrealloc(mt->v, mt->cap * sizeof(*mt->v));
	}
	m = &mt->v[mt->n++];
	memset(m, 0, sizeof(*m));
	return m;
}

/* The first entry of a local view written in a file (macros.h). */
static void note_first(struct macro_table *mt, CXFile f, unsigned off,
		       enum CXCursorKind kind)
{
	if (!mt->local || mt->first.file || !f)
		return;
	mt->first.file = f;
	mt->first.off = off;
	mt->first.kind = kind;
}

/* A definition, by its name: where it is written is read when used. */
static void collect_def(struct macro_table *mt, CXCursor c)
{
	struct macro_def *d = macros_new_def(mt);

	d->ord = mt->nseen;
	d->cursor = c;
	d->spelling = clang_getCursorSpelling(c);
	d->name = clang_getCString(d->spelling);
	if (!d->name)
		d->name = "";
	if (mt->local && macros_placed(d))
		note_first(mt, d->file, d->off, CXCursor_MacroDefinition);
}

/* An #include line: where the prefix memo and a local view need it. */
static void collect_inc(struct macro_table *mt, CXCursor c)
{
	struct macro_place *p;
	CXFile f;
	unsigned off;

	if (!mt->local && !mt->keep_incs)
		return;
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)), &f,
			      NULL, NULL, &off);
	note_first(mt, f, off, CXCursor_InclusionDirective);
	if (!mt->keep_incs || !f)
		return;
	if (mt->nincs == mt->incs_cap) {
		mt->incs_cap = mt->incs_cap ? mt->incs_cap * 2 : 256;
		mt->incs = xrealloc(mt->incs, mt->incs_cap * sizeof(*mt->incs));
	}
	p = &mt->incs[mt->nincs++];
	p->file = f;
	p->off = off;
	p->ord = mt->nseen;
	p->kind = CXCursor_InclusionDirective;
}

/*
 * Where @d is written. Those written in no file (-D, the builtins) come
 * before all the others, so the last definition of a name written in a
 * file is still its last one.
 */
bool macros_placed(struct macro_def *d)
{
	CXSourceRange r;
	CXFile fe;

	if (d->placed)
		return d->written;
	d->placed = true;
	r = clang_getCursorExtent(d->cursor);
	clang_getFileLocation(clang_getRangeStart(r), &d->file, NULL, NULL,
			      &d->off);
	clang_getFileLocation(clang_getRangeEnd(r), &fe, NULL, NULL, &d->end);
	d->written = d->file && d->file == fe;
	d->fn = clang_Cursor_isMacroFunctionLike(d->cursor);
	return d->written;
}

static unsigned hash_n(const char *s, size_t n)
{
	return (unsigned)hash64(s, n, HASH64_INIT);
}

/* By name, the later definition over the earlier (a redefinition). */
static void hash_defs(struct macro_table *mt)
{
	unsigned i, cap = 64;

	while (cap < mt->ndefs * 2)
		cap *= 2;
	mt->def_hash = xcalloc(cap, sizeof(*mt->def_hash));
	mt->def_hash_cap = cap;
	for (i = 0; i < mt->ndefs; i++) {
		const char *n = mt->defs[i].name;
		unsigned h = hash_n(n, strlen(n)) & (cap - 1);

		while (mt->def_hash[h] &&
		       strcmp(mt->defs[mt->def_hash[h] - 1].name, n))
			h = (h + 1) & (cap - 1);
		mt->def_hash[h] = i + 1;
	}
}

struct macro_def *macros_def(struct macro_table *mt, const char *name,
			     size_t len)
{
	unsigned h;

	if (!mt->def_hash_cap)
		return NULL;
	for (h = hash_n(name, len) & (mt->def_hash_cap - 1); mt->def_hash[h];
	     h = (h + 1) & (mt->def_hash_cap - 1)) {
		struct macro_def *d = &mt->defs[mt->def_hash[h] - 1];

		if (!strncmp(d->name, name, len) && !d->name[len]) {
			if (!macros_placed(d))
				return NULL;
			if (mt->watch && d->file == mt->watch &&
			    d->end + 1 > mt->watch_end)
				mt->watch_end = d->end + 1;
			return d;
		}
	}
	return NULL;
}

const char *macros_file_text(struct macro_table *mt, CXFile f, size_t *len)
{
	unsigned i;
	struct macro_file *mf;

	for (i = mt->nfiles; i-- > 0;)
		if (mt->files[i].file == f) {
			*len = mt->files[i].len;
			return mt->files[i].buf;
		}
	mt->files = xrealloc(mt->files, (mt->nfiles + 1) * sizeof(*mt->files));
	mf = &mt->files[mt->nfiles++];
	mf->file = f;
	mf->buf = filetext_of(mt->tu, f, &mf->len);
	if (!mf->buf)
		mf->len = 0;
	*len = mf->len;
	return mf->buf;
}

/*
 * An object-like alias of a function-like one (urcu's "#define
 * rcu_dereference _rcu_dereference") written as a call: the expansion is
 * the call, up to its ')', as if the alias took the arguments itself.
 */
static void extend_alias(struct macro_table *mt, struct macro_exp *m,
			 CXCursor c)
{
	CXCursor def = clang_getCursorReferenced(c);
	size_t len, i;
	const char *buf;
	unsigned depth = 0;

	if (clang_Cursor_isNull(def) || clang_Cursor_isMacroFunctionLike(def))
		return;
	buf = macros_file_text(mt, m->file, &len);
	if (!buf)
		return;
	for (i = m->end_off; i < len && (buf[i] == ' ' || buf[i] == '\t');)
		i++;
	if (i >= len || buf[i] != '(')
		return;
	for (; i < len; i++) {
		if (buf[i] == '"' || buf[i] == '\'') {
			i = skip_literal(buf, len, i) - 1;
		} else if (buf[i] == '(') {
			depth++;
		} else if (buf[i] == ')' && --depth == 0) {
			m->end_off = (unsigned)i + 1;
			return;
		}
	}
}

bool macros_add(struct macro_table *mt, CXCursor c)
{
	struct macro_exp *m;
	CXSourceRange r;
	CXString sp;
	const struct vocab_entry *prim;
	CXFile f, fe;
	unsigned off, end;
	enum CXCursorKind kind = clang_getCursorKind(c);

	if (kind == CXCursor_MacroDefinition) {
		collect_def(mt, c);
		mt->nseen++;
		return true;
	}
	if (kind == CXCursor_InclusionDirective) {
		collect_inc(mt, c);
		mt->nseen++;
		return true;
	}
	if (kind != CXCursor_MacroExpansion) {
		if (!clang_isPreprocessing(kind))
			return false;
		mt->nseen++;
		return true;
	}
	r = clang_getCursorExtent(c);
	clang_getFileLocation(clang_getRangeStart(r), &f, NULL, NULL, &off);
	clang_getFileLocation(clang_getRangeEnd(r), &fe, NULL, NULL, &end);
	if (!f || f != fe) {
		mt->nseen++;
		return true;
	}
	/* only what the prefix memo keeps a copy of can be the first */
	note_first(mt, f, off, CXCursor_MacroExpansion);
	sp = clang_getCursorSpelling(c);
	prim = vocab_lookup(clang_getCString(sp), VOCAB_NO_HEADER);
	m = macros_new_exp(mt);
	m->ord = mt->nseen++;
	m->file = f;
	m->off = off;
	m->end_off = end;
	if (prim) {
		m->header = defined_in_scoped_header(c);
		if (m->header != VOCAB_NO_HEADER)
			prim = vocab_lookup(clang_getCString(sp), m->header);
		/* C11's are named only: the builtin under them orders */
		m->c11 = m->header != VOCAB_NO_HEADER && prim->model == M_C11;
		m->prim = prim;
		m->name = xstrdup(clang_getCString(sp));
		extend_alias(mt, m, c);
	}
	clang_disposeString(sp);
	return true;
}

static int by_pos(const void *pa, const void *pb)
{
	const struct macro_exp *a = pa, *b = pb;

	if (a->file != b->file)
		return (uintptr_t)a->file < (uintptr_t)b->file ? -1 : 1;
	if (a->off != b->off)
		return a->off < b->off ? -1 : 1;
	/* the longer (outer) first when two start together */
	return a->end_off > b->end_off ? -1 : a->end_off < b->end_off;
}

/*
 * A primitive written in another macro's argument has the ends of its
 * expansion mapped to the outermost invocation; remember which that is.
 */
static void link_outer(struct macro_table *mt)
{
	unsigned i, top = 0;

	for (i = 1; i < mt->n; i++) {
		struct macro_exp *o = &mt->v[top], *m = &mt->v[i];

		if (o->file == m->file && m->off >= o->off &&
		    m->end_off <= o->end_off) {
			m->outer = o;
			continue;
		}
		top = i;
	}
}

void macros_begin(CXTranslationUnit tu, struct macro_table *mt)
{
	memset(mt, 0, sizeof(*mt));
	mt->tu = tu;
}

/*
 * A C11 name the project defines itself over the builtins is C11's, as
 * if from <stdatomic.h> (macros_def_header()): named only.
 */
static void own_c11_names(struct macro_table *mt)
{
	unsigned i;

	for (i = 0; i < mt->n; i++) {
		struct macro_exp *m = &mt->v[i];
		struct macro_def *d;

		if (!m->prim || m->header != VOCAB_NO_HEADER ||
		    vocab_own_header(m->name, M_C11) == VOCAB_NO_HEADER ||
		    !(d = macros_def(mt, m->name, strlen(m->name))))
			continue;
		m->header = macros_def_header(mt, d, m->name);
		if (m->header == VOCAB_NO_HEADER)
			continue;
		m->prim = vocab_lookup(m->name, m->header);
		m->c11 = m->prim->model == M_C11;
	}
}

void macros_done(struct macro_table *mt)
{
	/* qsort(NULL, 0) is undefined: a file without macro expansions */
	if (mt->n)
		qsort(mt->v, mt->n, sizeof(*mt->v), by_pos);
	link_outer(mt);
	hash_defs(mt);
	own_c11_names(mt);
}

static void free_nested(struct macro_exp *p)
{
	unsigned i;

	for (i = 0; i < p->nested->nargs; i++)
		free(p->nested->args[i]);
	free(p->nested->defs);
	free(p->nested);
	free(p->name);
	free(p);
}

void macros_free(struct macro_table *mt)
{
	unsigned i, j;

	for (i = 0; i < mt->n; i++) {
		free(mt->v[i].name);
		for (j = 0; j < mt->v[i].nplan; j++)
			free_nested(mt->v[i].plan[j]);
		free(mt->v[i].plan);
	}
	for (i = 0; i < mt->ndefs; i++) {
		clang_disposeString(mt->defs[i].spelling);
		free(mt->defs[i].toks);
		free(mt->defs[i].params);
	}
	free(mt->defs);
	if (mt->pasted)
		strset_free(mt->pasted);
	free(mt->incs);
	free(mt->def_hash);
	free(mt->files);
	free(mt->v);
	memset(mt, 0, sizeof(*mt));
}

unsigned macros_from(const struct macro_table *mt, CXFile file, unsigned off)
{
	unsigned lo = 0, hi = mt->n;

	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		const struct macro_exp *m = &mt->v[mid];

		if ((uintptr_t)m->file < (uintptr_t)file ||
		    (m->file == file && m->off < off))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

struct macro_exp *macros_at(const struct macro_table *mt, CXFile file,
			    unsigned off)
{
	unsigned i = macros_from(mt, file, off);

	/* the first of those starting here is the outermost */
	if (i < mt->n && mt->v[i].file == file && mt->v[i].off == off)
		return &mt->v[i];
	return NULL;
}

bool macros_covering(const struct macro_table *mt, CXFile file, unsigned off,
		     unsigned end)
{
	unsigned lo = 0, hi = mt->n;
	const struct macro_exp *m;

	/* the last expansion starting at or before @off */
	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;

		m = &mt->v[mid];
		if ((uintptr_t)m->file < (uintptr_t)file ||
		    (m->file == file && m->off <= off))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || mt->v[lo - 1].file != file)
		return false;
	m = &mt->v[lo - 1];
	if (m->outer)
		m = m->outer;
	return m->off <= off && end <= m->end_off;
}

/* Past a string or character literal starting at buf[i]. */
static size_t skip_literal(const char *buf, size_t len, size_t i)
{
	char q = buf[i++];

	while (i < len && buf[i] != q) {
		if (buf[i] == '\\')
			i++;
		i++;
	}
	return i + 1;
}

void macros_split_args(struct macro_exp *m, const char *buf, size_t len)
{
	size_t i = m->off, end = m->end_off < len ? m->end_off : len;
	unsigned depth = 0;

	m->args_split = true;
	m->nargs = 0;
	while (i < end && buf[i] != '(')
		i++;
	for (; i < end; i++) {
		char c = buf[i];

		if (c == '"' || c == '\'') {
			i = skip_literal(buf, end, i) - 1;
		} else if (c == '/' && i + 1 < end && buf[i + 1] == '*') {
			const char *e = strstr(buf + i + 2, "*/");

			i = e ? (size_t)(e - buf) + 1 : end;
		} else if (c == '(' || c == '[' || c == '{') {
			if (depth++ == 0 && c == '(' &&
			    m->nargs < MACRO_MAX_ARGS)
				m->arg_off[m->nargs++] = (unsigned)i + 1;
		} else if (c == ')' || c == ']' || c == '}') {
			if (depth && --depth == 0) {
				if (m->nargs)
					m->arg_end[m->nargs - 1] = (unsigned)i;
				break;
			}
		} else if (c == ',' && depth == 1 && m->nargs &&
			   m->nargs < MACRO_MAX_ARGS) {
			m->arg_end[m->nargs - 1] = (unsigned)i;
			m->arg_off[m->nargs++] = (unsigned)i + 1;
		}
	}
	if (m->nargs && !m->arg_end[m->nargs - 1])
		m->nargs--;
	/* "f()" has no argument, not one empty one */
	if (m->nargs == 1) {
		for (i = m->arg_off[0]; i < m->arg_end[0]; i++)
			if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\n')
				break;
		if (i == m->arg_end[0])
			m->nargs = 0;
	}
}
