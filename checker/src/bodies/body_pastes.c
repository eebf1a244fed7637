// SPDX-License-Identifier: GPL-2.0
/*
 * The functions and macros a live macro may name by pasting (bodies.h): const##op
 * makes a name that starts with "const" and goes on with a live name (an
 * argument), op##_relaxed one that ends with "_relaxed". Found in the
 * names sorted forwards and backwards. A paste of two parameters (a##b),
 * or of a pasted argument, names what no text spells: the analysis finds
 * those.
 */
#include <stdlib.h>
#include <string.h>

#include "../events/cursor.h"
#include "../events/lex.h"
#include "../util.h"
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

static void add_name(struct body_memo *m, unsigned id)
{
	if (m->named[id])
		return;
	m->named[id] = 1;
	if (m->nnames == m->namecap) {
		m->namecap = m->namecap ? m->namecap * 2 : 4096;
		m->names = xrealloc(m->names, m->namecap * sizeof(*m->names));
		m->rnames =
			xrealloc(m->rnames, m->namecap * sizeof(*m->rnames));
	}
	m->names[m->nnames].key = body_id_name(m, id);
	m->names[m->nnames].id = id;
	m->rnames[m->nnames].key = reversed(body_id_name(m, id));
	m->rnames[m->nnames++].id = id;
}

/*
 * The names learnt since the last plan, in order: of functions, kept
 * definitions and macros (__efi64_argmap_##func names a macro).
 */
static void sort_names(struct body_memo *m)
{
	unsigned n0 = m->nnames;

	for (; m->named_fns < m->nfns; m->named_fns++)
		add_name(m, m->fns[m->named_fns].name);
	for (; m->named_kept < m->nkept; m->named_kept++)
		add_name(m, m->kept[m->named_kept].name);
	for (; m->named_macros < m->nmacros; m->named_macros++)
		add_name(m, m->macros[m->named_macros].name);
	if (m->nnames == n0)
		return;
	qsort(m->names, m->nnames, sizeof(*m->names), by_key);
	qsort(m->rnames, m->nnames, sizeof(*m->rnames), by_key);
}

/*
 * Whether the rest of the name @id, @frag's @n bytes taken off its start
 * (or its end, @rev), is live: const##op makes "constant_test_bit" only
 * where "ant_test_bit" is an argument in text the TU reads. A fragment
 * alone ("__", "in") would reach hundreds of names.
 */
static bool rest_live(const struct body_memo *m, unsigned id, size_t n,
		      bool rev)
{
	const char *name = body_id_name(m, id);
	size_t len = strlen(name);
	int rest = body_id_find(m, rev ? name : name + n, len - n);

	return rest >= 0 && m->live[rest] == m->gen;
}

/*
 * Each name that (reversed) starts with @frag, is longer, and whose rest
 * is live; whether one was reached anew.
 */
static bool reach_starting(struct body_memo *m, const struct body_name *v,
			   const char *frag, bool rev)
{
	size_t n = strlen(frag);
	unsigned lo = 0, hi = m->nnames, mid, id;
	bool more = false;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(v[mid].key, frag) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < m->nnames && !strncmp(v[lo].key, frag, n); lo++) {
		id = v[lo].id;
		if (!v[lo].key[n] || (m->live[id] == m->gen && !m->level[id]) ||
		    !rest_live(m, id, n, rev))
			continue;
		body_reach(m, id, 0);
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

	for (i = 0; i < m->nnames; i++)
		free((char *)m->rnames[i].key);
	free(m->names);
	free(m->rnames);
	free(m->pre_frags.v);
	free(m->suf_frags.v);
}
