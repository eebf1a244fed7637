// SPDX-License-Identifier: GPL-2.0
/* The inputs of a translation unit, and whether they changed. */
#include "inputs.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct input {
	char *path;
	bool exists;
	long long size, mtime; /* mtime in ns */
	uint64_t hash;
	bool hashed;
};

struct input_cache {
	struct input *v;
	unsigned n, cap; /* open addressing, cap a power of two */
};

struct input_cache *input_cache_new(void)
{
	struct input_cache *c = xcalloc(1, sizeof(*c));

	c->cap = 4096;
	c->v = xcalloc(c->cap, sizeof(*c->v));
	return c;
}

void input_cache_free(struct input_cache *c)
{
	unsigned i;

	if (!c)
		return;
	for (i = 0; i < c->cap; i++)
		free(c->v[i].path);
	free(c->v);
	free(c);
}

static unsigned slot_n(const struct input_cache *c, const char *path, size_t n)
{
	unsigned i = (unsigned)hash64(path, n, HASH64_INIT) & (c->cap - 1);

	while (c->v[i].path &&
	       (strncmp(c->v[i].path, path, n) || c->v[i].path[n]))
		i = (i + 1) & (c->cap - 1);
	return i;
}

static unsigned slot(const struct input_cache *c, const char *path)
{
	return slot_n(c, path, strlen(path));
}

static void grow(struct input_cache *c)
{
	struct input_cache big = { xcalloc(2 * c->cap, sizeof(*c->v)), c->n,
				   2 * c->cap };
	unsigned i;

	for (i = 0; i < c->cap; i++)
		if (c->v[i].path)
			big.v[slot(&big, c->v[i].path)] = c->v[i];
	free(c->v);
	*c = big;
}

/* The file at @path (@n bytes) as it is now: stat()ed once per cache. */
static struct input *lookup_n(struct input_cache *c, const char *path, size_t n)
{
	struct input *in;
	struct stat st;
	unsigned i;

	if (2 * (c->n + 1) > c->cap)
		grow(c);
	i = slot_n(c, path, n);
	in = &c->v[i];
	if (in->path)
		return in;
	in->path = xstrndup(path, n);
	path = in->path;
	c->n++;
	if (stat(path, &st) == 0) {
		in->exists = true;
		in->size = (long long)st.st_size;
		in->mtime = (long long)st.st_mtim.tv_sec * 1000000000LL +
			    st.st_mtim.tv_nsec;
	}
	return in;
}

static struct input *lookup(struct input_cache *c, const char *path)
{
	return lookup_n(c, path, strlen(path));
}

static uint64_t content_hash(struct input *in)
{
	size_t len;
	char *buf;

	if (in->hashed)
		return in->hash;
	in->hashed = true;
	buf = in->exists ? read_file(in->path, &len) : NULL;
	in->hash = buf ? hash64(buf, len, HASH64_INIT) : 0;
	free(buf);
	return in->hash;
}

struct visit {
	struct input_cache *c;
	struct strbuf *out;
};

static void visit_inclusion(CXFile f, CXSourceLocation *stack, unsigned n,
			    CXClientData data)
{
	struct visit *v = data;
	CXString real = clang_File_tryGetRealPathName(f);
	CXString name = clang_getFileName(f);
	const char *path = clang_getCString(real);
	struct input *in;

	(void)stack;
	(void)n;
	if (!path || !*path)
		path = clang_getCString(name);
	if (path && *path && !strpbrk(path, "\t\n")) {
		in = lookup(v->c, path);
		sb_printf(v->out, "%s\t%lld\t%lld\t%016" PRIx64 "\n", path,
			  in->size, in->mtime, content_hash(in));
	}
	clang_disposeString(real);
	clang_disposeString(name);
}

void inputs_write(CXTranslationUnit tu, struct input_cache *c,
		  struct strbuf *out)
{
	struct visit v = { c, out };

	clang_getInclusions(tu, visit_inclusion, &v);
}

/* A decimal number ending at @end with @stop: *@p moves past the stop. */
static bool number(const char **p, const char *end, char stop, long long *v)
{
	const char *s = *p;
	bool neg = *s == '-';
	unsigned long long x = 0;

	if (neg)
		s++;
	if (s >= end || *s < '0' || *s > '9')
		return false;
	for (; s < end && *s >= '0' && *s <= '9'; s++)
		x = 10 * x + (unsigned)(*s - '0');
	if (s >= end || *s != stop)
		return false;
	*v = neg ? -(long long)x : (long long)x;
	*p = s + 1;
	return true;
}

/*
 * Each line: path, size, mtime and content hash, tab-separated (what
 * inputs_write() writes). Parsed by hand: a Linux TU has hundreds of
 * inputs, and the whole kernel's rows a million lines.
 */
bool inputs_unchanged(const char *text, struct input_cache *c)
{
	const char *line = text, *end, *tab, *p;
	long long size, mtime;
	uint64_t hash;
	struct input *in;
	int d, nd;

	if (!text || !*text)
		return false;
	for (; *line; line = end + 1) {
		end = strchr(line, '\n');
		if (!end)
			return false;
		tab = memchr(line, '\t', (size_t)(end - line));
		if (!tab || tab == line || tab - line >= 4096)
			return false;
		p = tab + 1;
		if (!number(&p, end, '\t', &size) ||
		    !number(&p, end, '\t', &mtime))
			return false;
		/* the hash is read only where the time differs */
		if (p >= end || hex_digit(*p) < 0 || (*p >= 'A' && *p <= 'F'))
			return false;
		in = lookup_n(c, line, (size_t)(tab - line));
		if (!in->exists || in->size != size)
			return false;
		if (in->mtime == mtime)
			continue;
		for (hash = 0, nd = 0; p < end && (d = hex_digit(*p)) >= 0 &&
				       !(*p >= 'A' && *p <= 'F');
		     p++, nd++)
			hash = nd < 16 ? (hash << 4) | (unsigned)d : hash;
		/* touched but maybe not changed: compare the contents */
		if (hash != content_hash(in))
			return false;
	}
	return true;
}
