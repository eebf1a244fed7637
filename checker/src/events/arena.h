/* SPDX-License-Identifier: GPL-2.0 */
/* An arena: every event and string of a TU, freed at once. */
#ifndef ORDERCHECK_EVENTS_ARENA_H
#define ORDERCHECK_EVENTS_ARENA_H

#include <stddef.h>

struct arena;

/* @n zeroed bytes, 16-aligned; *a grows a block when the last is full. */
void *arena_alloc(struct arena **a, size_t n);
char *arena_strdup(struct arena **a, const char *s);
char *arena_strndup(struct arena **a, const char *s, size_t n);
void arena_free(struct arena *a);

#endif
