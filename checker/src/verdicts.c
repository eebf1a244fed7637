// SPDX-License-Identifier: GPL-2.0
/* The herd7 verdict table (vocab/verdicts.def) as a lookup. */
#include "verdicts.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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
#include "vocab/verdicts.def"
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

enum verdict verdict_lookup(const char *model, const char *shape,
			    const char *kind0, const char *kind1,
			    const char **test)
{
	size_t i, lo = 0, hi = NROWS, m;
	int c;

	if (!sorted[0]) {
		for (i = 0; i < NROWS; i++)
			sorted[i] = &rows[i];
		qsort(sorted, NROWS, sizeof(sorted[0]), cmp_rows);
	}
	while (lo < hi) {
		m = (lo + hi) / 2;
		c = cmp_key(model, shape, kind0, kind1, sorted[m]);
		if (!c) {
			if (test)
				*test = sorted[m]->test;
			return sorted[m]->verdict;
		}
		if (c < 0)
			hi = m;
		else
			lo = m + 1;
	}
	if (test)
		*test = NULL;
	return VERDICT_UNKNOWN;
}
