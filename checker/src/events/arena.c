// SPDX-License-Identifier: GPL-2.0
/* An arena: every event and string of a TU, freed at once. */
#include "arena.h"

#include <stdlib.h>
#include <string.h>

#include "../util.h"

struct arena {
	struct arena *next;
	size_t used, size;
	char data[];
};

void *arena_alloc(struct arena **a, size_t n)
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

char *arena_strdup(struct arena **a, const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(arena_alloc(a, n), s, n);
}

char *arena_strndup(struct arena **a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void arena_free(struct arena *a)
{
	while (a) {
		struct arena *next = a->next;

		free(a);
		a = next;
	}
}
