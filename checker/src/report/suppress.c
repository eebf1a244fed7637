// SPDX-License-Identifier: GPL-2.0
/* In-source suppressions: "ordercheck-ignore[rule-id]: reason". */
#include "suppress.h"

#include <stdlib.h>
#include <string.h>

#include "../rules/registry.h"
#include "../util.h"

#define MARK "ordercheck-ignore["
#define MAX_IDS 8

struct suppression {
	const char *file; /* points into a diagnostic or the files list */
	unsigned line, col;
	bool own_line; /* nothing but the comment on its line */
	char *ids[MAX_IDS];
	unsigned nids;
	bool has_reason, used;
};

struct sup_list {
	struct suppression *v;
	unsigned n;
};

static bool seen_file(char **done, unsigned n, const char *f)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (!strcmp(done[i], f))
			return true;
	return false;
}

/* "a, b]" -> ids; returns the text after ']', or NULL if malformed. */
static const char *parse_ids(const char *p, const char *end,
			     struct suppression *s)
{
	while (p < end && *p != ']') {
		const char *q = p;

		while (q < end && *q != ',' && *q != ']')
			q++;
		while (p < q && *p == ' ')
			p++;
		if (q > p && s->nids < MAX_IDS) {
			size_t n = (size_t)(q - p);

			while (n && p[n - 1] == ' ')
				n--;
			s->ids[s->nids++] = xstrndup(p, n);
		}
		p = q < end && *q == ',' ? q + 1 : q;
	}
	return p < end ? p + 1 : NULL;
}

static void scan_file(struct sup_list *sl, const char *file)
{
	size_t len;
	char *buf = read_file(file, &len);
	const char *p, *end;
	unsigned line = 1;
	const char *ls;

	if (!buf)
		return;
	end = buf + len;
	ls = buf;
	for (p = buf; p < end; p++) {
		struct suppression s = { 0 };
		const char *q, *r, *eol;

		if (*p == '\n') {
			line++;
			ls = p + 1;
			continue;
		}
		if (*p != 'o' || (size_t)(end - p) < sizeof(MARK) - 1 ||
		    memcmp(p, MARK, sizeof(MARK) - 1))
			continue;
		for (eol = p; eol < end && *eol != '\n'; eol++)
			;
		s.file = file;
		s.line = line;
		s.col = (unsigned)(p - ls) + 1;
		q = parse_ids(p + sizeof(MARK) - 1, eol, &s);
		if (q && *q == ':') {
			/* the reason runs to the end of the comment */
			for (r = q + 1; r < eol && (*r == ' ' || *r == '\t'); r++)
				;
			s.has_reason = r < eol && !(r + 1 < eol && r[0] == '*' &&
						    r[1] == '/');
		}
		/* alone on its line: only blanks and the comment opener before */
		for (r = ls; r < p && strchr(" \t/*", *r); r++)
			;
		s.own_line = r == p;
		sl->v = xrealloc(sl->v, (sl->n + 1) * sizeof(*sl->v));
		sl->v[sl->n++] = s;
		p = eol - 1;
	}
	free(buf);
}

static bool names(const struct suppression *s, const char *rule)
{
	unsigned i;

	for (i = 0; i < s->nids; i++)
		if (!strcmp(s->ids[i], rule))
			return true;
	return false;
}

static bool covers(const struct suppression *s, const struct oc_diag *d)
{
	return d->rule && !strcmp(s->file, d->file) && names(s, d->rule) &&
	       (s->line == d->line || (s->own_line && s->line + 1 == d->line));
}

static bool keep_unsuppressed(const struct oc_diag *d, void *arg)
{
	struct sup_list *sl = arg;
	unsigned i;
	bool keep = true;

	for (i = 0; i < sl->n; i++)
		if (covers(&sl->v[i], d)) {
			sl->v[i].used = true;
			keep = false;
		}
	return keep;
}

static void complain(struct diag_list *l, const struct suppression *s,
		     const char *msg)
{
	diag_add(l, "ordercheck-ignore", SEV_WARNING, s->file, s->line, s->col,
		 NULL, msg);
}

void suppress_apply(struct diag_list *l, char *const *files, unsigned nfiles)
{
	struct sup_list sl = { NULL, 0 };
	char **done = xcalloc(l->n + nfiles + 1, sizeof(*done));
	unsigned i, j, ndone = 0;
	struct diag_list extra = { 0 };

	for (i = 0; i < l->n + nfiles; i++) {
		const char *f = i < l->n ? l->v[i].file : files[i - l->n];

		if (!f || (i < l->n && !l->v[i].rule) || seen_file(done, ndone, f))
			continue;
		done[ndone] = xstrdup(f);
		scan_file(&sl, done[ndone++]);
	}
	diag_list_filter(l, keep_unsuppressed, &sl);
	for (i = 0; i < sl.n; i++) {
		const struct suppression *s = &sl.v[i];
		char *msg = NULL;

		for (j = 0; j < s->nids; j++)
			if (!registry_find(s->ids[j]))
				msg = xasprintf("ordercheck-ignore names '%s', "
						"which is not a rule "
						"(--list-rules lists them)",
						s->ids[j]);
		if (!msg && !s->nids)
			msg = xstrdup("ordercheck-ignore names no rule");
		if (!msg && !s->has_reason)
			msg = xstrdup("ordercheck-ignore without a reason: say "
				      "why the finding does not apply, after "
				      "a ':'");
		if (!msg && !s->used)
			msg = xstrdup("ordercheck-ignore suppresses nothing: no "
				      "finding of that rule on this line or, "
				      "for a comment on a line of its own, the "
				      "next");
		if (msg)
			complain(&extra, s, msg);
		free(msg);
	}
	diag_list_move(l, &extra);
	for (i = 0; i < sl.n; i++)
		for (j = 0; j < sl.v[i].nids; j++)
			free(sl.v[i].ids[j]);
	free(sl.v);
	for (i = 0; i < ndone; i++)
		free(done[i]);
	free(done);
}
