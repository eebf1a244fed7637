// SPDX-License-Identifier: GPL-2.0
/*
 * --verify: expectations written on the lines they are about, as clang's
 * -verify does: expect-warning[rule-id] {{substring}}, @+N/@-N, expect-note,
 * expect-remark (a finding of the lowest severity),
 * expect-error, expect-no-diagnostics, expect-known-to-fail: reason.
 */
#include "report.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

struct expect {
	unsigned line, src_line;
	enum oc_severity sev;
	bool note;
	char *rule; /* NULL: any */
	char *text;
	bool met;
};

struct expects {
	struct expect *v;
	unsigned n;
	bool none; /* expect-no-diagnostics */
	char *known_to_fail;
};

static const struct {
	const char *word;
	enum oc_severity sev;
	bool note;
} kinds[] = {
	{ "expect-warning", SEV_WARNING, false },
	{ "expect-error", SEV_ERROR, false },
	{ "expect-note", SEV_NOTE, true },
	{ "expect-remark", SEV_NOTE, false },
};

/* Parse "[rule]", "@+N" in any order after the keyword, then "{{text}}". */
static const char *parse_one(const char *p, unsigned line, struct expect *e)
{
	const char *q;

	e->line = line;
	e->src_line = line;
	for (;;) {
		if (*p == '[') {
			q = strchr(p, ']');
			if (!q)
				return NULL;
			e->rule = xstrndup(p + 1, (size_t)(q - p - 1));
			p = q + 1;
		} else if (*p == '@') {
			long off = strtol(p + 1, (char **)&q, 10);

			e->line = (unsigned)((long)line + off);
			p = q;
		} else {
			break;
		}
	}
	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, "{{", 2))
		return NULL;
	q = strstr(p + 2, "}}");
	if (!q)
		return NULL;
	e->text = xstrndup(p + 2, (size_t)(q - p - 2));
	return q + 2;
}

static int parse(const char *buf, struct expects *ex, FILE *out,
		 const char *file)
{
	unsigned line = 1, i;
	const char *p = buf, *eol;
	int bad = 0;

	memset(ex, 0, sizeof(*ex));
	while (*p) {
		eol = strchr(p, '\n');
		if (!eol)
			eol = p + strlen(p);
		{
			char *l = xstrndup(p, (size_t)(eol - p));
			const char *s = l, *k;

			if (strstr(l, "expect-no-diagnostics"))
				ex->none = true;
			if ((k = strstr(l, "expect-known-to-fail:")))
				ex->known_to_fail = xstrdup(k + 21);
			while (s && *s) {
				const char *best = NULL;
				unsigned bk = 0;

				for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]);
				     i++) {
					k = strstr(s, kinds[i].word);
					if (k && (!best || k < best)) {
						best = k;
						bk = i;
					}
				}
				if (!best)
					break;
				ex->v = xrealloc(ex->v,
						 (ex->n + 1) * sizeof(*ex->v));
				memset(&ex->v[ex->n], 0, sizeof(ex->v[0]));
				ex->v[ex->n].sev = kinds[bk].sev;
				ex->v[ex->n].note = kinds[bk].note;
				s = parse_one(best + strlen(kinds[bk].word),
					      line, &ex->v[ex->n]);
				if (!s) {
					fprintf(out,
						"%s:%u: error: malformed "
						"expectation (want %s[rule] "
						"{{text}})\n",
						file, line, kinds[bk].word);
					bad = 1;
					break;
				}
				ex->n++;
			}
			free(l);
		}
		line++;
		p = *eol ? eol + 1 : eol;
	}
	return bad;
}

static bool matches(const struct expect *e, const char *rule,
		    enum oc_severity sev, unsigned line, const char *msg)
{
	if (e->met || e->line != line || e->sev != sev)
		return false;
	if (e->rule && (!rule || strcmp(e->rule, rule)))
		return false;
	return strstr(msg, e->text) != NULL;
}

static bool same_file(const char *base, const char *a, const char *b)
{
	char *pa = path_display(base, a), *pb = path_display(base, b);
	bool r = !strcmp(pa, pb);

	free(pa);
	free(pb);
	return r;
}

int report_verify(FILE *out, const char *base, const char *file,
		  const struct diag_list *l)
{
	struct expects ex;
	char *buf = read_file(file, NULL);
	unsigned i, j, k, failures = 0, seen = 0;
	bool found;

	if (!buf) {
		fprintf(out, "%s: error: cannot read the test file\n", file);
		return 2;
	}
	failures += (unsigned)parse(buf, &ex, out, file);
	for (i = 0; i < l->n; i++) {
		const struct oc_diag *d = &l->v[i];

		if (!same_file(base, d->file, file))
			continue;
		seen++;
		found = false;
		for (k = 0; k < ex.n && !found; k++)
			if (!ex.v[k].note &&
			    matches(&ex.v[k], d->rule, d->sev, d->line,
				    d->message))
				ex.v[k].met = found = true;
		if (!found) {
			fprintf(out, "%s:%u:%u: error: unexpected %s: %s%s%s%s\n",
				file, d->line, d->col,
				diag_severity_name(d->sev), d->message,
				d->rule ? " [" : "", d->rule ? d->rule : "",
				d->rule ? "]" : "");
			failures++;
		}
		for (j = 0; j < d->nnotes; j++)
			for (k = 0; k < ex.n; k++)
				if (ex.v[k].note &&
				    same_file(base, d->notes[j].file, file) &&
				    matches(&ex.v[k], d->rule, SEV_NOTE,
					    d->notes[j].line,
					    d->notes[j].message)) {
					ex.v[k].met = true;
					break;
				}
	}
	for (k = 0; k < ex.n; k++) {
		if (ex.v[k].met)
			continue;
		fprintf(out, "%s:%u: error: expected %s%s%s%s {{%s}} not seen",
			file, ex.v[k].line,
			ex.v[k].note ? "note" : diag_severity_name(ex.v[k].sev),
			ex.v[k].rule ? "[" : "", ex.v[k].rule ? ex.v[k].rule : "",
			ex.v[k].rule ? "]" : "", ex.v[k].text);
		if (ex.v[k].line != ex.v[k].src_line)
			fprintf(out, " (written on line %u)", ex.v[k].src_line);
		fputc('\n', out);
		failures++;
	}
	if (!ex.n && !ex.none && !ex.known_to_fail) {
		fprintf(out, "%s: error: no expectations; add "
			"expect-no-diagnostics if none are wanted\n", file);
		failures++;
	}
	if (ex.known_to_fail) {
		if (failures)
			fprintf(out, "%s: known to fail:%s (%u mismatches)\n",
				file, ex.known_to_fail, failures);
		else
			fprintf(out, "%s: FIXED: was known to fail:%s\n", file,
				ex.known_to_fail);
		failures = 0;
	} else {
		fprintf(out, "%s: %s (%u expectations, %u diagnostics)\n", file,
			failures ? "FAIL" : "ok", ex.n, seen);
	}
	for (k = 0; k < ex.n; k++) {
		free(ex.v[k].rule);
		free(ex.v[k].text);
	}
	free(ex.v);
	free(ex.known_to_fail);
	free(buf);
	return failures ? 1 : 0;
}
