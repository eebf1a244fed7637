// SPDX-License-Identifier: GPL-2.0
/* A finding's identity across edits: rule, file, function, line text. */
#include "fingerprint.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

struct text_cache {
	char *file;
	char *buf;
	size_t len;
	size_t *starts; /* of each line: a file of many findings is read once */
	unsigned nlines;
};

static void index_lines(struct text_cache *c)
{
	size_t i;
	unsigned n = 1;

	for (i = 0; i < c->len; i++)
		n += c->buf[i] == '\n';
	c->starts = xcalloc(n, sizeof(*c->starts));
	c->nlines = n;
	for (n = 1, i = 0; i < c->len; i++)
		if (c->buf[i] == '\n')
			c->starts[n++] = i + 1;
}

static const struct text_cache *file_text(struct text_cache **tc, unsigned *n,
					  const char *file)
{
	unsigned i;

	for (i = 0; i < *n; i++)
		if (!strcmp((*tc)[i].file, file))
			break;
	if (i == *n) {
		*tc = xrealloc(*tc, (*n + 1) * sizeof(**tc));
		(*tc)[i].file = xstrdup(file);
		(*tc)[i].buf = read_file(file, &(*tc)[i].len);
		(*tc)[i].starts = NULL;
		(*tc)[i].nlines = 0;
		if ((*tc)[i].buf)
			index_lines(&(*tc)[i]);
		(*n)++;
	}
	return &(*tc)[i];
}

/* The reported line without its indentation and trailing blanks. */
static uint64_t hash_line(uint64_t h, const struct text_cache *c, unsigned line)
{
	const char *buf = c->buf;
	size_t len = c->len, i, e;

	if (!buf)
		return h;
	if (line > c->nlines)
		i = len;
	else
		i = line ? c->starts[line - 1] : 0;
	while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	for (e = i; e < len && buf[e] != '\n'; e++)
		;
	while (e > i &&
	       (buf[e - 1] == ' ' || buf[e - 1] == '\t' || buf[e - 1] == '\r'))
		e--;
	return hash64(buf + i, e - i, h);
}

struct keyed {
	uint64_t key;
	unsigned i;
};

static int cmp_keyed(const void *x, const void *y)
{
	const struct keyed *a = x, *b = y;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

/*
 * The same key twice in a file (two findings on one line's text) is told
 * apart by its rank among them in report order: ":1", ":2", ...
 */
static void number_keys(const struct diag_list *l, const uint64_t *keys,
			char **fps)
{
	struct keyed *v = xcalloc(l->n ? l->n : 1, sizeof(*v));
	unsigned i, n = 0, nth = 0;

	for (i = 0; i < l->n; i++)
		if (l->v[i].rule)
			v[n++] = (struct keyed){ keys[i], i };
	if (n)
		qsort(v, n, sizeof(*v), cmp_keyed);
	for (i = 0; i < n; i++) {
		nth = i && v[i - 1].key == v[i].key ? nth + 1 : 1;
		fps[v[i].i] = xasprintf("%016llx:%u",
					(unsigned long long)v[i].key, nth);
	}
	free(v);
}

char **fingerprints_compute(const struct diag_list *l)
{
	char **fps = xcalloc(l->n ? l->n : 1, sizeof(*fps));
	uint64_t *keys = xcalloc(l->n ? l->n : 1, sizeof(*keys));
	struct text_cache *tc = NULL;
	unsigned i, ntc = 0;

	for (i = 0; i < l->n; i++) {
		const struct oc_diag *d = &l->v[i];
		uint64_t h = HASH64_INIT;

		if (!d->rule)
			continue;
		h = hash64(d->rule, strlen(d->rule) + 1, h);
		h = hash64(d->file, strlen(d->file) + 1, h);
		if (d->function)
			h = hash64(d->function, strlen(d->function) + 1, h);
		keys[i] = hash_line(h, file_text(&tc, &ntc, d->file), d->line);
	}
	number_keys(l, keys, fps);
	for (i = 0; i < ntc; i++) {
		free(tc[i].file);
		free(tc[i].buf);
		free(tc[i].starts);
	}
	free(tc);
	free(keys);
	return fps;
}

void fingerprints_free(char **fps, unsigned n)
{
	unsigned i;

	for (i = 0; fps && i < n; i++)
		free(fps[i]);
	free(fps);
}
