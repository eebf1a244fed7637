// SPDX-License-Identifier: GPL-2.0
/* Allocation, string buffers, path spelling and hashing for every file. */
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		abort();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		abort();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		abort();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	va_list aq;
	int n;
	char *p;

	/*
	 * GCC -O1 -fsanitize=undefined sees a path where fmt is NULL and
	 * warns (-Werror=format-truncation) unless it is ruled out here.
	 */
	if (!fmt)
		abort();
	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		abort();
	p = xmalloc((size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}

void sb_add(struct strbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void sb_puts(struct strbuf *b, const char *s)
{
	sb_add(b, s, strlen(s));
}

void sb_printf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	sb_puts(b, p);
	free(p);
}

char *sb_detach(struct strbuf *b)
{
	char *s = b->s ? b->s : xstrdup("");

	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

/* Resolve . and .. lexically: the file may be an unsaved editor buffer. */
static char *normalize(const char *abs)
{
	char *out = xmalloc(strlen(abs) + 2);
	size_t o = 0;
	const char *p = abs;

	while (*p) {
		const char *seg;
		size_t n;

		while (*p == '/')
			p++;
		seg = p;
		while (*p && *p != '/')
			p++;
		n = (size_t)(p - seg);
		if (!n || (n == 1 && seg[0] == '.'))
			continue;
		if (n == 2 && seg[0] == '.' && seg[1] == '.') {
			while (o && out[o - 1] != '/')
				o--;
			if (o)
				o--;
			continue;
		}
		out[o++] = '/';
		memcpy(out + o, seg, n);
		o += n;
	}
	if (!o)
		out[o++] = '/';
	out[o] = '\0';
	return out;
}

char *path_cwd(void)
{
	char cwd[PATH_MAX];

	return xstrdup(getcwd(cwd, sizeof(cwd)) ? cwd : "/");
}

char *path_display(const char *base, const char *path)
{
	char *cwd = base ? NULL : path_cwd(), *abs, *norm, *res;
	size_t blen;

	if (!base)
		base = cwd;
	blen = strlen(base);
	abs = path[0] == '/' ? xstrdup(path) : xasprintf("%s/%s", base, path);
	norm = normalize(abs);
	free(abs);
	if (blen > 1 && !strncmp(norm, base, blen) && norm[blen] == '/') {
		res = xstrdup(norm + blen + 1);
		free(norm);
	} else {
		res = norm;
	}
	free(cwd);
	return res;
}

char *path_absolute(const char *path)
{
	char *cwd, *joined, *r;

	if (path[0] == '/')
		return normalize(path);
	cwd = path_cwd();
	joined = xasprintf("%s/%s", cwd, path);
	r = normalize(joined);
	free(joined);
	free(cwd);
	return r;
}

int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct strbuf b = { 0 };
	char buf[65536];
	size_t n;
	int saved;

	if (!f)
		return NULL;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_add(&b, buf, n);
	if (ferror(f)) {
		saved = errno;
		fclose(f);
		free(b.s);
		errno = saved;
		return NULL;
	}
	fclose(f);
	if (len)
		*len = b.len;
	return sb_detach(&b);
}

char *run_capture(char *const *argv, const char *dir, bool with_stderr,
		  int *status)
{
	size_t len;

	return run_capture_n(argv, dir, with_stderr, status, &len);
}

char *run_capture_n(char *const *argv, const char *dir, bool with_stderr,
		    int *status, size_t *nread)
{
	int fds[2];
	pid_t pid;
	char *buf = NULL;
	size_t len = 0, cap = 0;
	ssize_t r;

	if (pipe(fds))
		return NULL;
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return NULL;
	}
	if (!pid) {
		dup2(fds[1], 1);
		if (with_stderr)
			dup2(fds[1], 2);
		close(fds[0]);
		close(fds[1]);
		if (dir && chdir(dir))
			_exit(126);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	for (;;) {
		if (len + 4096 + 1 > cap) {
			cap = cap ? cap * 2 : 8192;
			buf = xrealloc(buf, cap);
		}
		r = read(fds[0], buf + len, cap - len - 1);
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	close(fds[0]);
	buf[len] = '\0';
	*nread = len;
	if (waitpid(pid, status, 0) < 0)
		*status = -1;
	return buf;
}

unsigned hash_ptr(const void *p, unsigned cap)
{
	uintptr_t v = (uintptr_t)p;

	v ^= v >> 17;
	v *= 0x9e3779b97f4a7c15ull;
	return (unsigned)(v >> 32) & (cap - 1);
}

unsigned hash_str(const char *s)
{
	return (unsigned)hash64(s, strlen(s), HASH64_INIT);
}

uint64_t hash64(const void *p, size_t n, uint64_t h)
{
	const unsigned char *c = p;

	while (n--)
		h = (h ^ *c++) * 1099511628211ull;
	return h;
}

struct strset {
	char **v;
	unsigned n, cap; /* cap a power of two, at most half full */
};

struct strset *strset_new(void)
{
	struct strset *s = xcalloc(1, sizeof(*s));

	s->cap = 1024;
	s->v = xcalloc(s->cap, sizeof(*s->v));
	return s;
}

void strset_free(struct strset *s)
{
	unsigned i;

	if (!s)
		return;
	for (i = 0; i < s->cap; i++)
		free(s->v[i]);
	free(s->v);
	free(s);
}

/* The slot of @str[0..n) in the open-addressed table @v: it, or empty. */
static unsigned probe(char *const *v, unsigned cap, const char *str, size_t n)
{
	unsigned i = (unsigned)hash64(str, n, HASH64_INIT) & (cap - 1);

	while (v[i] && (strncmp(v[i], str, n) || v[i][n]))
		i = (i + 1) & (cap - 1);
	return i;
}

static unsigned slot_of(const struct strset *s, const char *str, size_t n)
{
	return probe(s->v, s->cap, str, n);
}

const char *strset_intern(struct strset *s, const char *str, size_t n)
{
	unsigned i = slot_of(s, str, n), j;

	if (s->v[i])
		return s->v[i];
	if (2 * (s->n + 1) > s->cap) {
		struct strset big = { xcalloc(2 * s->cap, sizeof(char *)), s->n,
				      2 * s->cap };

		for (j = 0; j < s->cap; j++)
			if (s->v[j])
				big.v[slot_of(&big, s->v[j], strlen(s->v[j]))] =
					s->v[j];
		free(s->v);
		*s = big;
		i = slot_of(s, str, n);
	}
	s->v[i] = xstrndup(str, n);
	s->n++;
	return s->v[i];
}

unsigned strset_count(const struct strset *s)
{
	return s->n;
}

bool strset_has(const struct strset *s, const char *str)
{
	return s->v[slot_of(s, str, strlen(str))] != NULL;
}

const char *strset_find(const struct strset *s, const char *str)
{
	return s->v[slot_of(s, str, strlen(str))];
}

bool strset_add(struct strset *s, const char *str)
{
	unsigned before = s->n;

	strset_intern(s, str, strlen(str));
	return s->n != before;
}

double clock_seconds(clockid_t clk)
{
	struct timespec t;

	clock_gettime(clk, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

struct strmap {
	char **keys; /* open addressing, at most half full */
	void **vals;
	unsigned n, cap;
};

struct strmap *strmap_new(void)
{
	struct strmap *m = xcalloc(1, sizeof(*m));

	m->cap = 256;
	m->keys = xcalloc(m->cap, sizeof(*m->keys));
	m->vals = xcalloc(m->cap, sizeof(*m->vals));
	return m;
}

void strmap_free(struct strmap *m, void (*free_value)(void *))
{
	unsigned i;

	if (!m)
		return;
	for (i = 0; i < m->cap; i++) {
		if (m->keys[i] && free_value)
			free_value(m->vals[i]);
		free(m->keys[i]);
	}
	free(m->keys);
	free(m->vals);
	free(m);
}

static unsigned strmap_find(const struct strmap *m, const char *key, size_t n)
{
	return probe(m->keys, m->cap, key, n);
}

void *strmap_get(const struct strmap *m, const char *key)
{
	unsigned i;

	if (!m)
		return NULL;
	i = strmap_find(m, key, strlen(key));
	return m->keys[i] ? m->vals[i] : NULL;
}

void **strmap_slot(struct strmap *m, const char *key, size_t n, bool *added)
{
	unsigned i = strmap_find(m, key, n), j;

	*added = false;
	if (m->keys[i])
		return &m->vals[i];
	if (2 * (m->n + 1) > m->cap) {
		struct strmap big = { xcalloc(2 * m->cap, sizeof(char *)),
				      xcalloc(2 * m->cap, sizeof(void *)), m->n,
				      2 * m->cap };

		for (j = 0; j < m->cap; j++) {
			if (!m->keys[j])
				continue;
			i = strmap_find(&big, m->keys[j], strlen(m->keys[j]));
			big.keys[i] = m->keys[j];
			big.vals[i] = m->vals[j];
		}
		free(m->keys);
		free(m->vals);
		*m = big;
		i = strmap_find(m, key, n);
	}
	m->keys[i] = xstrndup(key, n);
	m->n++;
	*added = true;
	return &m->vals[i];
}
