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
};

static const char *file_text(struct text_cache **tc, unsigned *n,
			     const char *file, size_t *len)
{
	unsigned i;

	for (i = 0; i < *n; i++)
		if (!strcmp((*tc)[i].file, file))
			break;
	if (i == *n) {
		*tc = xrealloc(*tc, (*n + 1) * sizeof(**tc));
		(*tc)[i].file = xstrdup(file);
		(*tc)[i].buf = read_file(file, &(*tc)[i].len);
		(*n)++;
	}
	*len = (*tc)[i].len;
	return (*tc)[i].buf;
}

/* The reported line without its indentation and trailing blanks. */
static uint64_t hash_line(uint64_t h, const char *buf, size_t len,
			  unsigned line)
{
	size_t i = 0, e;
	unsigned l = 1;

	if (!buf)
		return h;
	while (i < len && l < line)
		if (buf[i++] == '\n')
			l++;
	while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	for (e = i; e < len && buf[e] != '\n'; e++)
		;
	while (e > i && (buf[e - 1] == ' ' || buf[e - 1] == '\t' ||
			 buf[e - 1] == '\r'))
		e--;
	return hash64(buf + i, e - i, h);
}

char **fingerprints_compute(const struct diag_list *l)
{
	char **fps = xcalloc(l->n ? l->n : 1, sizeof(*fps));
	uint64_t *keys = xcalloc(l->n ? l->n : 1, sizeof(*keys));
	struct text_cache *tc = NULL;
	unsigned i, j, ntc = 0, nth;

	for (i = 0; i < l->n; i++) {
		const struct oc_diag *d = &l->v[i];
		uint64_t h = HASH64_INIT;
		const char *buf;
		size_t len;

		if (!d->rule)
			continue;
		h = hash64(d->rule, strlen(d->rule) + 1, h);
		h = hash64(d->file, strlen(d->file) + 1, h);
		if (d->function)
			h = hash64(d->function, strlen(d->function) + 1, h);
		buf = file_text(&tc, &ntc, d->file, &len);
		keys[i] = hash_line(h, buf, len, d->line);
		for (j = 0, nth = 1; j < i; j++)
			nth += l->v[j].rule && keys[j] == keys[i];
		fps[i] = xasprintf("%016llx:%u", (unsigned long long)keys[i],
				   nth);
	}
	for (i = 0; i < ntc; i++) {
		free(tc[i].file);
		free(tc[i].buf);
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
