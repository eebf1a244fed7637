// SPDX-License-Identifier: GPL-2.0
/* The header functions this process has built, so that each is built once. */
#include <stdlib.h>

#include "builder.h"

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

bool seen_test_and_add(struct seen_set *s, const char *key)
{
	return !strset_add(s->keys, key);
}
