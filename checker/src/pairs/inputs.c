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

static unsigned slot(const struct input_cache *c, const char *path)
{
	unsigned i = hash_str(path) & (c->cap - 1);

	while (c->v[i].path && strcmp(c->v[i].path, path))
		i = (i + 1) & (c->cap - 1);
	return i;
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

/* The file at @path as it is now: stat()ed once per cache. */
static struct input *lookup(struct input_cache *c, const char *path)
{
	struct input *in;
	struct stat st;
	unsigned i;

	if (2 * (c->n + 1) > c->cap)
		grow(c);
	i = slot(c, path);
	in = &c->v[i];
	if (in->path)
		return in;
	in->path = xstrdup(path);
	c->n++;
	if (stat(path, &st) == 0) {
		in->exists = true;
		in->size = (long long)st.st_size;
		in->mtime = (long long)st.st_mtim.tv_sec * 1000000000LL +
			    st.st_mtim.tv_nsec;
	}
	return in;
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

bool inputs_unchanged(const char *text, struct input_cache *c)
{
	const char *line = text, *end;
	char path[4096], hash[32];
	long long size, mtime;
	struct input *in;

	if (!text || !*text)
		return false;
	for (; *line; line = end + 1) {
		end = strchr(line, '\n');
		if (!end || end - line >= (long)sizeof(path) + 64)
			return false;
		if (sscanf(line, "%4095[^\t]\t%lld\t%lld\t%31[0-9a-f]", path,
			   &size, &mtime, hash) != 4)
			return false;
		in = lookup(c, path);
		if (!in->exists || in->size != size)
			return false;
		if (in->mtime == mtime)
			continue;
		/* touched but maybe not changed: compare the contents */
		if (strtoull(hash, NULL, 16) != content_hash(in))
			return false;
	}
	return true;
}
