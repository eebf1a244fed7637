// SPDX-License-Identifier: GPL-2.0
/* The herd7 verdict table (vocab/verdicts.def) as a lookup. */
#include "verdicts.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

struct verdict_row {
	const char *model, *shape, *kind0, *kind1;
	enum verdict verdict;
	const char *test;
};

#define ALLOWED VERDICT_ALLOWED
#define FORBIDDEN VERDICT_FORBIDDEN
#define VERDICT(model, shape, k0, k1, v, test) \
	{ #model, #shape, #k0, #k1, v, test },
static const struct verdict_row rows[] = {
#include "verdicts.def"
};
#undef VERDICT
#undef ALLOWED
#undef FORBIDDEN

#define NROWS (sizeof(rows) / sizeof(rows[0]))

static int cmp_key(const char *model, const char *shape, const char *kind0,
		   const char *kind1, const struct verdict_row *r)
{
	int c;

	if ((c = strcmp(shape, r->shape)) || (c = strcmp(kind0, r->kind0)) ||
	    (c = strcmp(kind1, r->kind1)))
		return c;
	return strcmp(model, r->model);
}

static int cmp_rows(const void *x, const void *y)
{
	const struct verdict_row *a = *(const struct verdict_row *const *)x;

	return cmp_key(a->model, a->shape, a->kind0, a->kind1,
		       *(const struct verdict_row *const *)y);
}

/*
 * The rows sorted, made on the first lookup (the pairing pass asks a few
 * times per candidate, and a tree has many: no linear scan). The pass runs
 * in one thread.
 */
static const struct verdict_row *sorted[NROWS];

static enum verdict bsearch_rows(const char *model, const char *shape,
				 const char *kind0, const char *kind1,
				 const struct verdict_row **row)
{
	size_t i, lo = 0, hi = NROWS, m;
	int c;

	if (!sorted[0]) {
		for (i = 0; i < NROWS; i++)
			sorted[i] = &rows[i];
		qsort(sorted, NROWS, sizeof(sorted[0]), cmp_rows);
	}
	*row = NULL;
	while (lo < hi) {
		m = (lo + hi) / 2;
		c = cmp_key(model, shape, kind0, kind1, sorted[m]);
		if (!c) {
			*row = sorted[m];
			return sorted[m]->verdict;
		}
		if (c < 0)
			hi = m;
		else
			lo = m + 1;
	}
	return VERDICT_UNKNOWN;
}

/*
 * The last answers, by a hash of the question: a tree asks the same few
 * questions millions of times (20,000 functions sharing one struct's
 * fields spent 40 % of the pass in the search's strcmp()). A hit is
 * checked string by string, so a collision only costs a search.
 */
#define CACHE 1024

struct answer {
	uint64_t h;
	char *key[4]; /* model, shape, kind0, kind1: copies */
	const struct verdict_row *row;
	enum verdict v;
};

static struct answer cache[CACHE];

static uint64_t hash_key(const char *const key[4])
{
	uint64_t h = 0xcbf29ce484222325ull;
	const char *s;
	unsigned i;

	for (i = 0; i < 4; i++) {
		for (s = key[i]; *s; s++)
			h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
		h = (h ^ 0xff) * 0x100000001b3ull;
	}
	return h;
}

enum verdict verdict_lookup(const char *model, const char *shape,
			    const char *kind0, const char *kind1,
			    const char **test)
{
	const char *key[4] = { model, shape, kind0, kind1 };
	uint64_t h = hash_key(key);
	struct answer *a = &cache[h & (CACHE - 1)];
	unsigned i;

	for (i = 0; a->key[0] && a->h == h && i < 4; i++)
		if (strcmp(a->key[i], key[i]))
			break;
	if (!a->key[0] || a->h != h || i < 4) {
		for (i = 0; i < 4; i++) {
			free(a->key[i]);
			a->key[i] = xstrdup(key[i]);
		}
		a->h = h;
		a->v = bsearch_rows(model, shape, kind0, kind1, &a->row);
	}
	if (test)
		*test = a->row ? a->row->test : NULL;
	return a->v;
}
