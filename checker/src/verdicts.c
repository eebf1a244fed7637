// SPDX-License-Identifier: GPL-2.0
/* The herd7 verdict table (vocab/verdicts.def) as a lookup. */
#include "verdicts.h"

#include <stddef.h>
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

/* 1326 rows, looked up a few times per finding: a scan is enough. */
enum verdict verdict_lookup(const char *model, const char *shape,
			    const char *kind0, const char *kind1,
			    const char **test)
{
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		if (!strcmp(rows[i].shape, shape) &&
		    !strcmp(rows[i].kind0, kind0) &&
		    !strcmp(rows[i].kind1, kind1) &&
		    !strcmp(rows[i].model, model)) {
			if (test)
				*test = rows[i].test;
			return rows[i].verdict;
		}
	if (test)
		*test = NULL;
	return VERDICT_UNKNOWN;
}
