// SPDX-License-Identifier: GPL-2.0
/*
 * The builder's side of the seam (seam.h): the effects record each build
 * fills, and what a memo may ask of the builder. A memo never reads the
 * builder's fields: what it keeps is what these hand over.
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"

bool effects_on(const struct builder *b)
{
	return b->hooks && b->hooks->effects;
}

void effects_reset(struct builder *b, unsigned fn)
{
	b->fx.fn = fn;
	b->fx.taint = 0;
	b->fx.nreads = 0;
	b->fx.nclaims = 0;
}

void effects_read(struct builder *b, unsigned lo, unsigned hi)
{
	struct build_effects *fx = &b->fx;

	if (!effects_on(b))
		return;
	if (fx->nreads == fx->readcap) {
		fx->readcap = fx->readcap ? fx->readcap * 2 : 16;
		fx->reads =
			xrealloc(fx->reads, fx->readcap * sizeof(*fx->reads));
	}
	fx->reads[fx->nreads].lo = lo;
	fx->reads[fx->nreads++].hi = hi;
}

void effects_claim(struct builder *b, struct macro_exp *m)
{
	struct build_effects *fx = &b->fx;

	if (!effects_on(b))
		return;
	if (fx->nclaims == fx->claimcap) {
		fx->claimcap = fx->claimcap ? fx->claimcap * 2 : 64;
		fx->claims = xrealloc(fx->claims,
				      fx->claimcap * sizeof(*fx->claims));
	}
	fx->claims[fx->nclaims++] = m;
}

void effects_free(struct build_effects *fx)
{
	free(fx->reads);
	free(fx->claims);
	free(fx->seen);
	memset(fx, 0, sizeof(*fx));
}

static int by_lo(const void *pa, const void *pb)
{
	const struct text_span *a = pa, *b = pb;

	return a->lo < b->lo ? -1 : a->lo > b->lo;
}

unsigned text_spans_merge(struct text_span *r, unsigned n)
{
	unsigned i, k = 0;

	if (n < 2)
		return n;
	qsort(r, n, sizeof(*r), by_lo);
	for (i = 1; i < n; i++) {
		if (r[i].lo <= r[k].hi) {
			if (r[i].hi > r[k].hi)
				r[k].hi = r[i].hi;
			continue;
		}
		r[++k] = r[i];
	}
	return k + 1;
}

CXTranslationUnit build_tu(const struct builder *b)
{
	return b->tu;
}

const char *build_text(struct builder *b, CXFile f, size_t *len)
{
	struct ir_file *fi = text_file(b, f);

	*len = fi->len;
	return fi->buf;
}

const char *build_display(struct builder *b, CXFile f)
{
	return text_display(b, f);
}

struct floc build_start(struct builder *b, CXCursor c)
{
	return text_extent_start(b, c);
}

struct floc build_loc(CXSourceLocation l)
{
	return text_loc(l);
}

struct macro_table *build_macros(struct builder *b)
{
	return &b->macros;
}

unsigned build_nfiles(const struct builder *b)
{
	return b->nfiles;
}

CXFile build_file(const struct builder *b, unsigned i)
{
	return b->files[i]->file;
}

struct summary *build_summaries(struct builder *b, unsigned *n)
{
	*n = b->nsummaries;
	return b->summaries;
}

bool build_summary_known(const struct builder *b, CXFile f, unsigned off)
{
	return summary_known(b, f, off);
}

bool build_seen(struct builder *b, const char *key)
{
	return b->opts->seen && seen_test_and_add(b->opts->seen, key);
}

bool build_local_view(const struct builder *b)
{
	return b->opts->local_view;
}

/*
 * @f, for the TU of @b: a copy in its arena, the file name of the TU's
 * (rules compare file names by address, tu_summary.c and addr_deps.c).
 */
static void place_list(struct builder *b, struct evlist *l, const char *from,
		       const char *to)
{
	struct event **v = l->n ? xmalloc(l->n * sizeof(*v)) : NULL;
	unsigned i, j;

	for (i = 0; i < l->n; i++) {
		v[i] = arena_alloc(&b->arena, sizeof(*v[i]));
		*v[i] = *l->v[i];
		if (v[i]->span.file == from)
			v[i]->span.file = to;
		for (j = 0; j < v[i]->nlegs; j++)
			place_list(b, &v[i]->legs[j], from, to);
	}
	l->v = v;
	l->cap = l->n;
}

struct function_ir *build_copy(struct builder *b, const struct function_ir *f,
			       const char *file)
{
	struct function_ir *c = arena_alloc(&b->arena, sizeof(*c));

	*c = *f;
	c->span.file = file;
	c->borrowed = false;
	place_list(b, &c->body, f->span.file, file);
	return c;
}

void build_need_bodies(struct builder *b)
{
	b->blank_hit = true;
}

bool build_needs_bodies(const struct builder *b)
{
	return b->blank_hit;
}
