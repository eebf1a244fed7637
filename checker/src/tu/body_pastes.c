// SPDX-License-Identifier: GPL-2.0
/*
 * The functions a live macro may name by pasting (bodies.h): const##op
 * makes a name that starts with "const" and goes on with a live name (an
 * argument), op##_relaxed one that ends with "_relaxed". Found in the
 * names sorted forwards and backwards. A paste of two parameters (a##b),
 * or of a pasted argument, names what no text spells: the analysis finds
 * those.
 */
#include <stdlib.h>
#include <string.h>

#include "../events/builder.h"
#include "bodies.h"

void body_fragment(struct body_memo *m, struct body_frags *l, unsigned *stamp,
		   unsigned id)
{
	if (stamp[id] == m->gen)
		return;
	stamp[id] = m->gen;
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		l->v = xrealloc(l->v, l->cap * sizeof(unsigned));
	}
	l->v[l->n++] = id;
}

static int by_key(const void *a, const void *b)
{
	return strcmp(((const struct body_name *)a)->key,
		      ((const struct body_name *)b)->key);
}

static char *reversed(const char *s)
{
	size_t n = strlen(s), i;
	char *r = xmalloc(n + 1);

	for (i = 0; i < n; i++)
		r[i] = s[n - 1 - i];
	r[n] = '\0';
	return r;
}

/* The names of the functions learnt since the last plan, in order. */
static void sort_names(struct body_memo *m)
{
	unsigned i;

	if (m->nsorted == m->nfns)
		return;
	m->names = xrealloc(m->names, m->nfns * sizeof(*m->names));
	m->rnames = xrealloc(m->rnames, m->nfns * sizeof(*m->rnames));
	for (i = m->nsorted; i < m->nfns; i++) {
		m->names[i].key = body_id_name(m, m->fns[i].name);
		m->names[i].fn = i;
		m->rnames[i].key = reversed(m->names[i].key);
		m->rnames[i].fn = i;
	}
	m->nsorted = m->nfns;
	qsort(m->names, m->nfns, sizeof(*m->names), by_key);
	qsort(m->rnames, m->nfns, sizeof(*m->rnames), by_key);
}

/*
 * Whether the rest of @fn's name, @frag's @n bytes taken off its start
 * (or its end, @rev), is live: const##op makes "constant_test_bit" only
 * where "ant_test_bit" is an argument in text the TU reads. A fragment
 * alone ("__", "in") would reach hundreds of names.
 */
static bool rest_live(const struct body_memo *m, unsigned fn, size_t n,
		      bool rev)
{
	const char *name = body_id_name(m, m->fns[fn].name);
	size_t len = strlen(name);
	int id = body_id_find(m, rev ? name : name + n, len - n);

	return id >= 0 && m->live[id] == m->gen;
}

/*
 * Each function whose (reversed) name starts with @frag, is longer, and
 * whose rest is live; whether one was reached anew.
 */
static bool reach_starting(struct body_memo *m, const struct body_name *v,
			   const char *frag, bool rev)
{
	size_t n = strlen(frag);
	unsigned lo = 0, hi = m->nfns, mid, name;
	bool more = false;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(v[mid].key, frag) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < m->nfns && !strncmp(v[lo].key, frag, n); lo++) {
		name = m->fns[v[lo].fn].name;
		if (!v[lo].key[n] ||
		    (m->live[name] == m->gen && !m->level[name]) ||
		    !rest_live(m, v[lo].fn, n, rev))
			continue;
		body_reach(m, name, 0);
		more = true;
	}
	return more;
}

/*
 * Until nothing more is reached: what a fragment reaches makes more
 * names live, and so more rests.
 */
void body_close_pastes(struct body_memo *m)
{
	struct body_frags *pre = &m->pre_frags, *suf = &m->suf_frags;
	bool more = true;
	unsigned i;
	char *r;

	sort_names(m);
	while (more) {
		more = false;
		for (i = 0; i < pre->n; i++)
			more |= reach_starting(
				m, m->names, body_id_name(m, pre->v[i]), false);
		for (i = 0; i < suf->n; i++) {
			r = reversed(body_id_name(m, suf->v[i]));
			more |= reach_starting(m, m->rnames, r, true);
			free(r);
		}
		body_drain(m);
	}
}

void body_pastes_free(struct body_memo *m)
{
	unsigned i;

	for (i = 0; i < m->nsorted; i++)
		free((char *)m->rnames[i].key);
	free(m->names);
	free(m->rnames);
	free(m->pre_frags.v);
	free(m->suf_frags.v);
}
