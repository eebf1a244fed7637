// SPDX-License-Identifier: GPL-2.0
/*
 * The header functions this process has built, so that each is built
 * once. A TU's build that is given up (a body it needed was blanked,
 * bodies/bodies.h) takes back what it added: the TU is built again.
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"

struct seen_key {
	char *key;
	bool present;
};

struct seen_set {
	struct seen_key *v; /* open addressing */
	unsigned n, cap;
	const char **added; /* keys made present since seen_mark() */
	unsigned nadded;
	bool marked;
};

struct seen_set *seen_new(void)
{
	return xcalloc(1, sizeof(struct seen_set));
}

void seen_free(struct seen_set *s)
{
	unsigned i;

	if (!s)
		return;
	for (i = 0; i < s->cap; i++)
		free(s->v[i].key);
	free(s->v);
	free(s->added);
	free(s);
}

static unsigned slot(const struct seen_key *v, unsigned cap, const char *key)
{
	unsigned h;

	for (h = hash_str(key) & (cap - 1); v[h].key && strcmp(v[h].key, key);
	     h = (h + 1) & (cap - 1))
		;
	return h;
}

static void grow(struct seen_set *s)
{
	unsigned cap = s->cap ? s->cap * 2 : 1024, i;
	struct seen_key *v = xcalloc(cap, sizeof(*v));

	for (i = 0; i < s->cap; i++)
		if (s->v[i].key)
			v[slot(v, cap, s->v[i].key)] = s->v[i];
	free(s->v);
	s->v = v;
	s->cap = cap;
}

bool seen_test_and_add(struct seen_set *s, const char *key)
{
	unsigned h;

	if (2 * (s->n + 1) > s->cap)
		grow(s);
	h = slot(s->v, s->cap, key);
	if (s->v[h].key && s->v[h].present)
		return true;
	if (!s->v[h].key) {
		s->v[h].key = xstrdup(key);
		s->n++;
	}
	s->v[h].present = true;
	if (s->marked) {
		s->added =
			xrealloc(s->added, (s->nadded + 1) * sizeof(*s->added));
		s->added[s->nadded++] = s->v[h].key;
	}
	return false;
}

void seen_mark(struct seen_set *s)
{
	if (!s)
		return;
	s->nadded = 0;
	s->marked = true;
}

void seen_rollback(struct seen_set *s)
{
	unsigned i;

	if (!s)
		return;
	for (i = 0; i < s->nadded; i++)
		s->v[slot(s->v, s->cap, s->added[i])].present = false;
	s->nadded = 0;
}
