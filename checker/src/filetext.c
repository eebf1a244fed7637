// SPDX-License-Identifier: GPL-2.0
/* Copies of header texts kept between the editor's re-checks (filetext.h). */
#include "filetext.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "util.h"

struct kept {
	struct kept *next;
	char *path;
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
	char *buf;
	size_t len;
	unsigned long used; /* the generation that last used it */
};

#define NBUCKETS 1024u

static struct {
	bool on;
	struct kept *b[NBUCKETS];
	unsigned long gen;
	size_t bytes;
} ft;

void filetext_keep(bool on)
{
	ft.on = on;
}

static bool same_stat(const struct kept *k, const struct stat *st)
{
	return k->dev == st->st_dev && k->ino == st->st_ino &&
	       k->size == st->st_size &&
	       k->mtime.tv_sec == st->st_mtim.tv_sec &&
	       k->mtime.tv_nsec == st->st_mtim.tv_nsec;
}

static void kept_free(struct kept *k)
{
	ft.bytes -= k->len;
	free(k->path);
	free(k->buf);
	free(k);
}

static bool is_main_file(CXTranslationUnit tu, CXFile f)
{
	CXString s = clang_getTranslationUnitSpelling(tu);
	const char *p = clang_getCString(s);
	bool is = !p || clang_getFile(tu, p) == f;

	clang_disposeString(s);
	return is;
}

/*
 * libclang's text, to keep: only when it is what the disk holds now, and
 * the file was last written seconds ago (libclang's own time stamps have
 * seconds only: a file written twice within one would look unchanged).
 */
static bool keepable(CXFile f, const struct stat *st, size_t len)
{
	return (off_t)len == st->st_size &&
	       clang_getFileTime(f) == st->st_mtim.tv_sec &&
	       time(NULL) > st->st_mtim.tv_sec + 2;
}

const char *filetext_of(CXTranslationUnit tu, CXFile f, size_t *len)
{
	struct kept *k, **pk;
	const char *buf;
	struct stat st;
	CXString name;
	const char *path;
	unsigned h;

	if (!ft.on || !f || is_main_file(tu, f))
		return clang_getFileContents(tu, f, len);
	name = clang_getFileName(f);
	path = clang_getCString(name);
	if (!path || stat(path, &st)) {
		clang_disposeString(name);
		return clang_getFileContents(tu, f, len);
	}
	h = (unsigned)hash64(path, strlen(path), HASH64_INIT) % NBUCKETS;
	for (pk = &ft.b[h]; (k = *pk); pk = &k->next)
		if (!strcmp(k->path, path))
			break;
	if (k && same_stat(k, &st)) {
		clang_disposeString(name);
		k->used = ft.gen;
		*len = k->len;
		return k->buf;
	}
	if (k) {
		*pk = k->next;
		kept_free(k);
	}
	buf = clang_getFileContents(tu, f, len);
	if (buf && keepable(f, &st, *len)) {
		k = xcalloc(1, sizeof(*k));
		k->path = xstrdup(path);
		k->dev = st.st_dev;
		k->ino = st.st_ino;
		k->size = st.st_size;
		k->mtime = st.st_mtim;
		k->buf = xmalloc(*len + 1);
		memcpy(k->buf, buf, *len);
		k->buf[*len] = '\0';
		k->len = *len;
		k->used = ft.gen;
		k->next = ft.b[h];
		ft.b[h] = k;
		ft.bytes += k->len;
	}
	clang_disposeString(name);
	return buf;
}

void filetext_trim(unsigned max_age, size_t max_bytes)
{
	bool all = ft.bytes > max_bytes;
	unsigned i;

	for (i = 0; i < NBUCKETS; i++) {
		struct kept **pk = &ft.b[i], *k;

		while ((k = *pk)) {
			if (all || ft.gen - k->used > max_age) {
				*pk = k->next;
				kept_free(k);
			} else {
				pk = &k->next;
			}
		}
	}
	ft.gen++;
}

void filetext_free(void)
{
	unsigned i;

	for (i = 0; i < NBUCKETS; i++)
		while (ft.b[i]) {
			struct kept *k = ft.b[i];

			ft.b[i] = k->next;
			kept_free(k);
		}
}
