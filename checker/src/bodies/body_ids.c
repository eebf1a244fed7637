// SPDX-License-Identifier: GPL-2.0
/* The identifiers the body memo knows, by number, and how it reads text. */
#include <stdlib.h>
#include <string.h>

#include "../events/cursor.h"
#include "../events/lex.h"
#include "../util.h"
#include "bodies.h"

struct body_ids {
	char **s; /* open addressing on the spelling */
	unsigned *num;
	unsigned n, cap;
	char **by_num; /* the same strings, by number */
};

static unsigned slot(const struct body_ids *t, const char *s, size_t n)
{
	return (unsigned)hash64(s, n, HASH64_INIT) & (t->cap - 1);
}

static bool same(const char *a, const char *s, size_t n)
{
	return !strncmp(a, s, n) && a[n] == '\0';
}

int body_id_find(const struct body_memo *m, const char *s, size_t n)
{
	const struct body_ids *t = m->ids;
	unsigned h;

	if (!t || !t->cap)
		return -1;
	for (h = slot(t, s, n); t->s[h]; h = (h + 1) & (t->cap - 1))
		if (same(t->s[h], s, n))
			return (int)t->num[h];
	return -1;
}

static void ids_grow(struct body_ids *t)
{
	unsigned cap = t->cap ? t->cap * 2 : 4096, i, h;
	char **s = xcalloc(cap, sizeof(*s));
	unsigned *num = xcalloc(cap, sizeof(*num));

	for (i = 0; i < t->cap; i++) {
		if (!t->s[i])
			continue;
		for (h = (unsigned)hash64(t->s[i], strlen(t->s[i]),
					  HASH64_INIT) &
			 (cap - 1);
		     s[h]; h = (h + 1) & (cap - 1))
			;
		s[h] = t->s[i];
		num[h] = t->num[i];
	}
	free(t->s);
	free(t->num);
	t->s = s;
	t->num = num;
	t->cap = cap;
}

#define PER_ID_ARRAYS 9

/* The per-identifier arrays, which follow the table's numbers. */
static void per_id_arrays(struct body_memo *m, unsigned **arrays[PER_ID_ARRAYS])
{
	unsigned **v[PER_ID_ARRAYS] = {
		&m->tops, &m->fn_of, &m->kept_of, &m->macro_of, &m->live,
		&m->pre,  &m->suf,   &m->once,	  &m->named,
	};

	memcpy(arrays, v, sizeof(v));
}

static void per_id_grow(struct body_memo *m, unsigned n)
{
	unsigned cap = m->idcap ? m->idcap : 4096;
	unsigned **arrays[PER_ID_ARRAYS];
	size_t i;

	if (n <= m->idcap)
		return;
	while (cap < n)
		cap *= 2;
	per_id_arrays(m, arrays);
	for (i = 0; i < PER_ID_ARRAYS; i++) {
		*arrays[i] = xrealloc(*arrays[i], cap * sizeof(unsigned));
		memset(*arrays[i] + m->idcap, 0,
		       (cap - m->idcap) * sizeof(unsigned));
	}
	m->level = xrealloc(m->level, cap);
	m->idcap = cap;
}

unsigned body_id(struct body_memo *m, const char *s, size_t n)
{
	struct body_ids *t = m->ids;
	unsigned h;

	if (2 * (t->n + 1) > t->cap)
		ids_grow(t);
	for (h = slot(t, s, n); t->s[h]; h = (h + 1) & (t->cap - 1))
		if (same(t->s[h], s, n))
			return t->num[h];
	t->s[h] = xstrndup(s, n);
	t->num[h] = t->n++;
	if (!(t->n & (t->n - 1)))
		t->by_num = xrealloc(t->by_num, 2 * t->n * sizeof(char *));
	t->by_num[t->num[h]] = t->s[h];
	per_id_grow(m, t->n);
	return t->num[h];
}

const char *body_id_name(const struct body_memo *m, unsigned id)
{
	return m->ids->by_num[id];
}

void body_ids_free(struct body_ids *t)
{
	unsigned i;

	if (!t)
		return;
	for (i = 0; i < t->cap; i++)
		free(t->s[i]);
	free(t->s);
	free(t->num);
	free(t->by_num);
	free(t);
}

static bool ident_start(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

void body_scan_idents(const char *buf, size_t lo, size_t hi, body_ident_fn fn,
		      void *ctx)
{
	enum lex_state st = LEX_CODE;
	size_t i = lo, j, n, directive = 0;
	bool bol = true;

	while (i < hi) {
		char c = buf[i];

		if (st == LEX_CODE && c == '\n') {
			bol = true;
			directive = 0;
			i++;
			continue;
		}
		if (st == LEX_CODE && ident_start(c)) {
			for (j = i; j < hi && text_is_ident(buf[j]); j++)
				;
			fn(ctx, i, buf + i, j - i, directive);
			bol = false;
			i = j;
			continue;
		}
		if (st == LEX_CODE && c >= '0' && c <= '9') {
			for (j = i;
			     j < hi && (text_is_ident(buf[j]) || buf[j] == '.');
			     j++)
				;
			bol = false;
			i = j;
			continue;
		}
		if (st == LEX_CODE && c == '#') {
			if (i + 1 < hi && buf[i + 1] == '#') {
				fn(ctx, i, buf + i, 0, directive);
				i += 2;
				continue;
			}
			if (bol)
				directive = i + 1;
			bol = false;
		} else if (st == LEX_CODE && !lex_blank(c) && c != '\\') {
			bol = false;
		}
		n = lex_step(buf, hi, i, &st);
		i += n;
	}
}

struct body_memo *bodies_new(void)
{
	struct body_memo *m = xcalloc(1, sizeof(*m));

	m->ids = xcalloc(1, sizeof(*m->ids));
	return m;
}

void bodies_free(struct body_memo *m)
{
	unsigned **arrays[PER_ID_ARRAYS];
	unsigned i;

	if (!m)
		return;
	for (i = 0; i < m->nfns; i++) {
		free(m->fns[i].ids);
	}
	for (i = 0; i < m->nkept; i++)
		free(m->kept[i].ids);
	for (i = 0; i < m->nmacros; i++) {
		free(m->macros[i].ids);
		free(m->macros[i].pre);
		free(m->macros[i].suf);
	}
	for (i = 0; i < m->nfiles; i++) {
		free(m->files[i].path);
	}
	body_ids_free(m->ids);
	per_id_arrays(m, arrays);
	for (i = 0; i < PER_ID_ARRAYS; i++)
		free(*arrays[i]);
	free(m->kept);
	body_texts_free(m->texts);
	body_includes_free(m);
	body_pastes_free(m);
	free(m->fns);
	free(m->macros);
	free(m->files);
	strmap_free(m->file_of, NULL);
	for (i = 0; i < sizeof(m->queue) / sizeof(m->queue[0]); i++)
		free(m->queue[i].v);
	free(m->level);
	free(m);
}
