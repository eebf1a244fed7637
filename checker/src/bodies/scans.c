// SPDX-License-Identifier: GPL-2.0
/*
 * Whether a header function's text names a primitive, remembered for the
 * process. Every kernel TU includes the same few hundred headers and
 * holds thousands of their inline functions: scanning each one's text
 * again in every TU was a large part of the walk over the TU. The answer
 * depends on the file's text alone, so a file is known by its name,
 * length and modification time (as make knows it); an edited header
 * starts afresh.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"
#include "worker.h"

struct scan_file {
	char *path;
	size_t len;
	time_t mtime;
	unsigned *offs; /* open addressing: the offset + 1, 0 empty */
	unsigned char *names; /* and whether that function names one */
	unsigned n, cap;
};

struct scan_memo {
	struct scan_file **files; /* open addressing on the path */
	unsigned n, cap;
};

struct scan_memo *scans_new(void)
{
	return xcalloc(1, sizeof(struct scan_memo));
}

static void file_reset(struct scan_file *sf)
{
	free(sf->offs);
	free(sf->names);
	sf->offs = NULL;
	sf->names = NULL;
	sf->n = sf->cap = 0;
}

void scans_free(struct scan_memo *m)
{
	unsigned i;

	if (!m)
		return;
	for (i = 0; i < m->cap; i++) {
		if (!m->files[i])
			continue;
		file_reset(m->files[i]);
		free(m->files[i]->path);
		free(m->files[i]);
	}
	free(m->files);
	free(m);
}

static void files_grow(struct scan_memo *m)
{
	unsigned cap = m->cap ? m->cap * 2 : 256, i, h;
	struct scan_file **v = xcalloc(cap, sizeof(*v));

	for (i = 0; i < m->cap; i++) {
		if (!m->files[i])
			continue;
		for (h = hash_str(m->files[i]->path) & (cap - 1); v[h];
		     h = (h + 1) & (cap - 1))
			;
		v[h] = m->files[i];
	}
	free(m->files);
	m->files = v;
	m->cap = cap;
}

struct scan_file *scans_file(struct scan_memo *m, const char *path, size_t len,
			     time_t mtime)
{
	struct scan_file *sf;
	unsigned h;

	if (m->n * 2 >= m->cap)
		files_grow(m);
	for (h = hash_str(path) & (m->cap - 1); (sf = m->files[h]);
	     h = (h + 1) & (m->cap - 1)) {
		if (strcmp(sf->path, path))
			continue;
		if (sf->len != len || sf->mtime != mtime) {
			file_reset(sf);
			sf->len = len;
			sf->mtime = mtime;
		}
		return sf;
	}
	sf = xcalloc(1, sizeof(*sf));
	sf->path = xstrdup(path);
	sf->len = len;
	sf->mtime = mtime;
	m->files[h] = sf;
	m->n++;
	return sf;
}

static unsigned slot(unsigned off, unsigned cap)
{
	return (off * 2654435761u) & (cap - 1);
}

int scans_get(const struct scan_file *sf, unsigned off)
{
	unsigned h;

	if (!sf->cap)
		return -1;
	for (h = slot(off, sf->cap); sf->offs[h]; h = (h + 1) & (sf->cap - 1))
		if (sf->offs[h] == off + 1)
			return sf->names[h];
	return -1;
}

static void put(unsigned *offs, unsigned char *names, unsigned cap,
		unsigned off, bool named)
{
	unsigned h;

	for (h = slot(off, cap); offs[h]; h = (h + 1) & (cap - 1))
		;
	offs[h] = off + 1;
	names[h] = named;
}

void scans_put(struct scan_file *sf, unsigned off, bool named)
{
	if (sf->n * 2 >= sf->cap) {
		unsigned cap = sf->cap ? sf->cap * 2 : 64, i;
		unsigned *offs = xcalloc(cap, sizeof(*offs));
		unsigned char *names = xcalloc(cap, 1);

		for (i = 0; i < sf->cap; i++)
			if (sf->offs[i])
				put(offs, names, cap, sf->offs[i] - 1,
				    sf->names[i]);
		free(sf->offs);
		free(sf->names);
		sf->offs = offs;
		sf->names = names;
		sf->cap = cap;
	}
	put(sf->offs, sf->names, sf->cap, off, named);
	sf->n++;
}
