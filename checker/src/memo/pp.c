// SPDX-License-Identifier: GPL-2.0
/*
 * The prefix memo's copy of the preprocessing record (kept.h).
 *
 * In the editor a TU is re-parsed on a precompiled preamble, and a walk
 * of its record reads every entry of the preamble back from the PCH:
 * most of an analysis that keeps the functions from the memo. Under an
 * index that excludes the PCH's declarations, the walk shows only what
 * was parsed after the preamble (the "local view"); the macro table then
 * takes the preamble's entries from the copy recorded with the memo.
 *
 * Why they are the same: the memo is reused only while the files the
 * main file includes and its directives are as they were (includes.c),
 * and its text before its first function too (prefix.c), where the
 * preamble ends at the latest. The preamble's entries are then those the
 * recording walked before the first the local view shows, found by where
 * it is written; when the view shows none before the first function,
 * those before the first the recording found there.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "kept.h"

struct pp_exp {
	const char *file; /* interned */
	const char *name; /* interned; only for primitives */
	unsigned ord, off, end_off;
	const struct vocab_entry *prim;
	int header;
	bool c11;
};

struct pp_def {
	const char *file; /* interned; NULL: written in no file */
	const char *name; /* interned */
	unsigned ord, off, end;
	bool fn;
};

/* An #include line */
struct pp_inc {
	const char *file;
	unsigned ord, off;
};

struct pp_memo {
	struct strset *names;
	struct pp_exp *exps;
	unsigned nexps;
	struct pp_def *defs; /* in the record's order */
	unsigned ndefs;
	struct pp_inc *incs;
	unsigned nincs;
	const char *main; /* interned */
	unsigned n; /* the record's entries */
};

/* File names by CXFile: the entries come file by file. */
struct name_cache {
	struct strset *names;
	CXFile last;
	const char *name;
};

static const char *file_name(struct name_cache *c, CXFile f)
{
	CXString s;
	const char *p;

	if (!f)
		return NULL;
	if (f == c->last)
		return c->name;
	s = clang_getFileName(f);
	p = clang_getCString(s);
	c->name = p ? strset_intern(c->names, p, strlen(p)) : NULL;
	c->last = f;
	clang_disposeString(s);
	return c->name;
}

static const char *intern(struct strset *s, const char *str)
{
	return str ? strset_intern(s, str, strlen(str)) : NULL;
}

struct pp_memo *pp_memo_record(struct macro_table *mt, CXFile main)
{
	struct pp_memo *p = xcalloc(1, sizeof(*p));
	struct name_cache c = { NULL, NULL, NULL };
	unsigned i;

	p->names = c.names = strset_new();
	p->exps = xmalloc((mt->n ? mt->n : 1) * sizeof(*p->exps));
	for (i = 0; i < mt->n; i++) {
		const struct macro_exp *e = &mt->v[i];
		struct pp_exp *x = &p->exps[p->nexps];

		x->file = file_name(&c, e->file);
		if (!x->file)
			continue;
		x->name = e->prim ? intern(p->names, e->name) : NULL;
		x->ord = e->ord;
		x->off = e->off;
		x->end_off = e->end_off;
		x->prim = e->prim;
		x->header = e->header;
		x->c11 = e->c11;
		p->nexps++;
	}
	p->defs = xmalloc((mt->ndefs ? mt->ndefs : 1) * sizeof(*p->defs));
	for (i = 0; i < mt->ndefs; i++) {
		struct macro_def *d = &mt->defs[i];
		struct pp_def *x = &p->defs[p->ndefs++];

		x->file = macros_placed(d) ? file_name(&c, d->file) : NULL;
		x->name = intern(p->names, d->name);
		x->ord = d->ord;
		x->off = d->off;
		x->end = d->end;
		x->fn = d->fn;
	}
	p->incs = xmalloc((mt->nincs ? mt->nincs : 1) * sizeof(*p->incs));
	for (i = 0; i < mt->nincs; i++) {
		struct pp_inc *x = &p->incs[p->nincs];

		if (!(x->file = file_name(&c, mt->incs[i].file)))
			continue;
		x->ord = mt->incs[i].ord;
		x->off = mt->incs[i].off;
		p->nincs++;
	}
	p->main = file_name(&c, main);
	p->n = mt->nseen;
	return p;
}

void pp_memo_free(struct pp_memo *p)
{
	if (!p)
		return;
	strset_free(p->names);
	free(p->exps);
	free(p->defs);
	free(p->incs);
	free(p);
}

/* The place of the recorded entry written at @file, @off, as @kind. */
static unsigned ord_at(const struct pp_memo *p, const char *file, unsigned off,
		       enum CXCursorKind kind)
{
	unsigned i;

	if (kind == CXCursor_MacroExpansion) {
		for (i = 0; i < p->nexps; i++)
			if (p->exps[i].file == file && p->exps[i].off == off)
				return p->exps[i].ord;
	} else if (kind == CXCursor_MacroDefinition) {
		for (i = 0; i < p->ndefs; i++)
			if (p->defs[i].file == file && p->defs[i].off == off)
				return p->defs[i].ord;
	} else if (kind == CXCursor_InclusionDirective) {
		for (i = 0; i < p->nincs; i++)
			if (p->incs[i].file == file && p->incs[i].off == off)
				return p->incs[i].ord;
	}
	return UINT_MAX;
}

/* The first recorded entry written in the main file from @p0 on. */
static unsigned first_main_from(const struct pp_memo *p, unsigned p0)
{
	unsigned i, k = p->n;

	for (i = 0; i < p->nexps; i++)
		if (p->exps[i].file == p->main && p->exps[i].off >= p0 &&
		    p->exps[i].ord < k)
			k = p->exps[i].ord;
	for (i = 0; i < p->ndefs; i++)
		if (p->defs[i].file == p->main && p->defs[i].off >= p0 &&
		    p->defs[i].ord < k)
			k = p->defs[i].ord;
	for (i = 0; i < p->nincs; i++)
		if (p->incs[i].file == p->main && p->incs[i].off >= p0 &&
		    p->incs[i].ord < k)
			k = p->incs[i].ord;
	return k;
}

/* CXFiles by the memo's names, looked up once each. */
struct file_map {
	CXTranslationUnit tu;
	const char *last;
	CXFile file;
};

static CXFile file_of(struct file_map *fm, const char *name)
{
	if (name != fm->last) {
		fm->last = name;
		fm->file = clang_getFile(fm->tu, name);
	}
	return fm->file;
}

/*
 * The entries of the record before the local view's first one, @k: its
 * definitions before the view's, its expansions (sorted later).
 */
static bool splice(const struct pp_memo *p, struct macro_table *mt, unsigned k,
		   unsigned *taken)
{
	struct file_map fm = { mt->tu, NULL, NULL };
	struct macro_def *local = mt->defs;
	unsigned nlocal = mt->ndefs, i;
	bool ok = true;

	mt->defs = NULL;
	mt->ndefs = mt->defs_cap = 0;
	for (i = 0; ok && i < p->ndefs && p->defs[i].ord < k; i++) {
		const struct pp_def *x = &p->defs[i];
		struct macro_def *d;
		CXFile f = NULL;

		if (x->file && !(f = file_of(&fm, x->file))) {
			ok = false;
			break;
		}
		d = macros_new_def(mt);
		d->name = x->name;
		d->ord = x->ord;
		d->placed = true;
		d->file = f;
		d->written = f != NULL;
		d->off = x->off;
		d->end = x->end;
		d->fn = x->fn;
		++*taken;
	}
	/* the view's after them, to be freed with the table in any case */
	for (i = 0; i < nlocal; i++)
		*macros_new_def(mt) = local[i];
	free(local);
	for (i = 0; ok && i < p->nexps; i++) {
		const struct pp_exp *x = &p->exps[i];
		struct macro_exp *e;
		CXFile f;

		if (x->ord >= k)
			continue;
		if (!(f = file_of(&fm, x->file))) {
			ok = false;
			break;
		}
		e = macros_new_exp(mt);
		e->file = f;
		e->ord = x->ord;
		e->off = x->off;
		e->end_off = x->end_off;
		e->prim = x->prim;
		e->name = x->name ? xstrdup(x->name) : NULL;
		e->header = x->header;
		e->c11 = x->c11;
		++*taken;
	}
	return ok;
}

bool pp_memo_splice(const struct pp_memo *p, struct macro_table *mt,
		    CXFile main, unsigned p0, unsigned *taken)
{
	const struct macro_place *first = &mt->first;
	CXString s;
	const char *name;
	unsigned k;

	if (!p)
		return false;
	if (!first->file || (first->file == main && first->off >= p0)) {
		/* nothing before the first function: the preamble ends there */
		k = first_main_from(p, p0);
	} else {
		s = clang_getFileName(first->file);
		name = clang_getCString(s) ?
			       strset_find(p->names, clang_getCString(s)) :
			       NULL;
		clang_disposeString(s);
		k = name ? ord_at(p, name, first->off, first->kind) : UINT_MAX;
		if (k == UINT_MAX)
			return false;
	}
	*taken = 0;
	return splice(p, mt, k, taken);
}
