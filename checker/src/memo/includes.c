// SPDX-License-Identifier: GPL-2.0
/* The dialect a TU's inclusions vote for, remembered between re-checks. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kept.h"

struct file_sig {
	char *path;
	bool exists;
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
};

struct include_memo {
	bool valid;
	uint64_t key;
	struct file_sig *files;
	unsigned n;
	enum oc_dialect dialect;
	bool found;
};

struct include_memo *include_memo_new(void)
{
	return xcalloc(1, sizeof(struct include_memo));
}

static void forget(struct include_memo *m)
{
	unsigned i;

	for (i = 0; i < m->n; i++)
		free(m->files[i].path);
	free(m->files);
	m->files = NULL;
	m->n = 0;
	m->valid = false;
}

void include_memo_free(struct include_memo *m)
{
	if (!m)
		return;
	forget(m);
	free(m);
}

static void sig_of(struct file_sig *s)
{
	struct stat st;

	s->exists = !stat(s->path, &st);
	if (!s->exists)
		return;
	s->dev = st.st_dev;
	s->ino = st.st_ino;
	s->size = st.st_size;
	s->mtime = st.st_mtim;
}

static bool sig_same(const struct file_sig *a, const struct file_sig *b)
{
	return a->exists == b->exists &&
	       (!a->exists ||
		(a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
		 a->mtime.tv_sec == b->mtime.tv_sec &&
		 a->mtime.tv_nsec == b->mtime.tv_nsec));
}

/*
 * What decides which files a TU enters, besides its flags (a new TU when
 * they change) and the files themselves: the main file's preprocessor
 * lines, found as the preprocessor finds them, so that a comment written
 * or removed elsewhere leaves the key as it was. A directive is a '#'
 * first on its line outside comments and literals; it runs to the first
 * newline outside a comment, lines joined by a backslash included. A
 * newline inside a block comment counts as a line's start: a '#' after
 * such a comment is taken for a directive, which at worst changes the
 * key more often than needed.
 */
static uint64_t directives_key(const char *buf, size_t len)
{
	enum lex_state st = LEX_CODE, was;
	uint64_t h = HASH64_INIT;
	bool bol = true, dir = false;
	size_t i, from = 0, n;

	for (i = 0; i < len; i += n) {
		char c = buf[i];

		was = st;
		n = lex_step(buf, len, i, &st);
		if (was == LEX_BLOCK && c == '\n')
			bol = true;
		if (was != LEX_CODE)
			continue;
		if (c == '\n') {
			if (dir)
				h = hash64(buf + from, i + 1 - from, h);
			dir = false;
			bol = true;
		} else if (st != LEX_BLOCK && st != LEX_LINE &&
			   !(c == '\\' && n > 1) && !lex_blank(c)) {
			/* not a comment's opening, not lines joined */
			if (bol && c == '#' && !dir) {
				dir = true;
				from = i;
			}
			bol = false;
		}
	}
	if (dir)
		h = hash64(buf + from, len - from, h);
	return h;
}

static uint64_t main_key(CXTranslationUnit tu, CXFile main)
{
	size_t len = 0;
	const char *buf = main ? clang_getFileContents(tu, main, &len) : NULL;

	return buf ? directives_key(buf, len) : 0;
}

bool include_memo_get(struct include_memo *m, CXTranslationUnit tu, CXFile main,
		      enum oc_dialect *d, bool *found)
{
	unsigned i;

	if (!m || !m->valid || !main || main_key(tu, main) != m->key)
		return false;
	for (i = 0; i < m->n; i++) {
		struct file_sig now = { m->files[i].path, false, 0, 0, 0,
					{ 0, 0 } };

		sig_of(&now);
		if (!sig_same(&now, &m->files[i]))
			return false;
	}
	*d = m->dialect;
	*found = m->found;
	return true;
}

void include_memo_put(struct include_memo *m, CXTranslationUnit tu, CXFile main,
		      char **paths, unsigned n, enum oc_dialect d, bool found)
{
	unsigned i;

	if (!m)
		return;
	forget(m);
	if (!main)
		return;
	m->key = main_key(tu, main);
	m->files = xcalloc(n ? n : 1, sizeof(*m->files));
	m->n = n;
	for (i = 0; i < n; i++) {
		m->files[i].path = xstrdup(paths[i]);
		sig_of(&m->files[i]);
		/* a file libclang read but we cannot see: never trusted */
		if (!m->files[i].exists) {
			forget(m);
			return;
		}
	}
	m->dialect = d;
	m->found = found;
	m->valid = true;
}
