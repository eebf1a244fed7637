// SPDX-License-Identifier: GPL-2.0
/*
 * Headers the plan reads by their #include lines but the memo has not
 * learnt (bodies.h): what each names and includes, read once per worker.
 * Many are never learnt: an #include under an #if the configuration
 * leaves out is followed all the same, in every TU that reaches it.
 */
#include <stdlib.h>
#include <string.h>

#include "../events/builder.h"
#include "bodies.h"

struct body_text {
	char *path;
	unsigned *ids, nids; /* each once */
	char **incs; /* '"' or '<', then the name */
	unsigned nincs;
};

struct body_texts {
	struct body_text **v; /* open addressing on the path */
	unsigned n, cap;
};

struct collect {
	struct body_memo *m;
	struct body_text *t;
	unsigned cap;
};

static void collect_ident(void *ctx, size_t off, const char *s, size_t n,
			  size_t directive)
{
	struct collect *c = ctx;
	unsigned id;

	(void)off;
	(void)directive;
	if (!n)
		return;
	id = body_id(c->m, s, n);
	if (c->m->once[id] == c->m->once_gen)
		return;
	c->m->once[id] = c->m->once_gen;
	if (c->t->nids == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 64;
		c->t->ids = xrealloc(c->t->ids, c->cap * sizeof(unsigned));
	}
	c->t->ids[c->t->nids++] = id;
}

/* The #include lines of @buf: '"' or '<' and the name, each. */
static void collect_includes(struct body_text *t, const char *buf, size_t len)
{
	size_t i = 0, j, k;
	char open;

	while (i < len) {
		for (j = i; j < len && (buf[j] == ' ' || buf[j] == '\t'); j++)
			;
		if (j < len && buf[j] == '#') {
			for (j++; j < len && (buf[j] == ' ' || buf[j] == '\t');
			     j++)
				;
			if (len - j > 7 && !strncmp(buf + j, "include", 7)) {
				for (j += 7; j < len &&
					     (buf[j] == ' ' || buf[j] == '\t');
				     j++)
					;
				open = j < len ? buf[j] : '\0';
				for (k = j + 1;
				     k < len && buf[k] != '\n' &&
				     buf[k] != (open == '<' ? '>' : '"');
				     k++)
					;
				if ((open == '<' || open == '"') && k < len &&
				    buf[k] != '\n') {
					t->incs = xrealloc(
						t->incs, (t->nincs +
							  1) * sizeof(char *));
					t->incs[t->nincs++] = xasprintf(
						"%c%.*s", open,
						(int)(k - j - 1), buf + j + 1);
				}
			}
		}
		while (i < len && buf[i] != '\n')
			i++;
		i++;
	}
}

static struct body_text *read_text(struct body_memo *m, const char *path)
{
	struct body_text *t = xcalloc(1, sizeof(*t));
	struct collect c = { m, t, 0 };
	size_t len;
	char *buf = read_file(path, &len);

	t->path = xstrdup(path);
	if (!buf)
		return t;
	m->once_gen++;
	body_scan_idents(buf, 0, len, collect_ident, &c);
	collect_includes(t, buf, len);
	free(buf);
	return t;
}

static void texts_grow(struct body_texts *ts)
{
	unsigned cap = ts->cap ? ts->cap * 2 : 256, i, h;
	struct body_text **v = xcalloc(cap, sizeof(*v));

	for (i = 0; i < ts->cap; i++) {
		if (!ts->v[i])
			continue;
		for (h = hash_str(ts->v[i]->path) & (cap - 1); v[h];
		     h = (h + 1) & (cap - 1))
			;
		v[h] = ts->v[i];
	}
	free(ts->v);
	ts->v = v;
	ts->cap = cap;
}

const struct body_text *body_text_of(struct body_memo *m, const char *path)
{
	struct body_texts *ts = m->texts;
	unsigned h;

	if (!ts)
		ts = m->texts = xcalloc(1, sizeof(*ts));
	if (2 * (ts->n + 1) > ts->cap)
		texts_grow(ts);
	for (h = hash_str(path) & (ts->cap - 1); ts->v[h];
	     h = (h + 1) & (ts->cap - 1))
		if (!strcmp(ts->v[h]->path, path))
			return ts->v[h];
	ts->n++;
	return ts->v[h] = read_text(m, path);
}

void body_text_ids(const struct body_text *t, const unsigned **ids, unsigned *n)
{
	*ids = t->ids;
	*n = t->nids;
}

void body_text_includes(const struct body_text *t, char *const **incs,
			unsigned *n)
{
	*incs = t->incs;
	*n = t->nincs;
}

void body_texts_free(struct body_texts *ts)
{
	unsigned i, j;

	if (!ts)
		return;
	for (i = 0; i < ts->cap; i++) {
		if (!ts->v[i])
			continue;
		for (j = 0; j < ts->v[i]->nincs; j++)
			free(ts->v[i]->incs[j]);
		free(ts->v[i]->incs);
		free(ts->v[i]->ids);
		free(ts->v[i]->path);
		free(ts->v[i]);
	}
	free(ts->v);
	free(ts);
}
