// SPDX-License-Identifier: GPL-2.0
/*
 * The headers the plan reads by their #include lines (bodies.h): what
 * each names and includes, read once per worker. Of a header the memo
 * knows, the plan follows only the #include lines, to blank the headers
 * they lead to; many others are never learnt: an #include under an #if
 * the configuration leaves out is followed all the same.
 */
#include <stdlib.h>
#include <string.h>

#include "../events/cursor.h"
#include "../events/lex.h"
#include "../util.h"
#include "bodies.h"

struct body_text {
	unsigned *ids, nids; /* each once */
	char **incs; /* '"' or '<', then the name */
	unsigned nincs;
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

	if (!buf)
		return t;
	m->once_gen++;
	body_scan_idents(buf, 0, len, collect_ident, &c);
	collect_includes(t, buf, len);
	free(buf);
	return t;
}

const struct body_text *body_text_of(struct body_memo *m, const char *path)
{
	bool added;
	void **v;

	if (!m->texts)
		m->texts = strmap_new();
	v = strmap_slot(m->texts, path, strlen(path), &added);
	if (added)
		*v = read_text(m, path);
	return *v;
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

static void text_free(void *p)
{
	struct body_text *t = p;
	unsigned j;

	for (j = 0; j < t->nincs; j++)
		free(t->incs[j]);
	free(t->incs);
	free(t->ids);
	free(t);
}

void body_texts_free(struct strmap *texts)
{
	strmap_free(texts, text_free);
}
