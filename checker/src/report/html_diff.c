// SPDX-License-Identifier: GPL-2.0
/*
 * The html page's fix-its, shown as a diff: a finding's edits applied
 * together, as --fix applies them, one hunk per run of nearby lines. A
 * hunk per edit showed two hunks on one line, each with the other's
 * edit undone.
 */
#include <stdlib.h>
#include <string.h>

#include "../util.h"
#include "html.h"

/* Edits this many unchanged lines apart or fewer share a hunk (diff -u). */
enum { JOIN = 6, LCS_MAX = 1 << 16 };

struct edit {
	const struct oc_fix *f;
	size_t off, end; /* in the file's text, its lines joined by '\n' */
	unsigned first, last; /* the lines it changes */
};

/* An edit that ends at a line's start leaves that line as it is. */
static unsigned last_line(const struct oc_fix *f)
{
	return f->end_line > f->line && f->end_col <= 1 ? f->end_line - 1 :
							  f->end_line;
}

static bool placed(const struct src *s, const struct oc_fix *f)
{
	return s->text && f->line && f->line <= s->nlines &&
	       f->end_line >= f->line && last_line(f) <= s->nlines;
}

/* The offset of (line, col) in the text; line nlines + 1 is its end. */
static size_t offset(const struct src *s, unsigned line, unsigned col)
{
	size_t c = col ? col - 1 : 0, len;

	if (line > s->nlines)
		return (size_t)(s->line[s->nlines] - s->text) +
		       strlen(s->line[s->nlines]) + 1;
	len = strlen(s->line[line]);
	return (size_t)(s->line[line] - s->text) + (c < len ? c : len);
}

static int by_off(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

/* A hunk's lines, old or new: split at '\n', no empty last piece. */
static char **split(char *text, unsigned *n)
{
	char **v = NULL, *p = text, *nl;

	*n = 0;
	while (*p) {
		v = xrealloc(v, (*n + 1) * sizeof(*v));
		v[(*n)++] = p;
		nl = strchr(p, '\n');
		if (!nl)
			break;
		*nl = '\0';
		p = nl + 1;
	}
	return v;
}

/* A line of the diff: one that stays, one the fix removes, one it adds. */
enum mark { SAME, GONE, ADDED };

static void line_out(FILE *out, enum mark k, const char *s)
{
	static const char *const open[] = { "<span class=\"dc\"> ", "<del>-",
					    "<ins>+" };
	static const char *const close[] = { "</span>", "</del>", "</ins>" };

	fputs(open[k], out);
	html_code(out, s);
	fputs(close[k], out); /* blocks: no newline */
}

/*
 * Old lines against new, by their longest common subsequence: a line
 * that stays shows once, as context, between the lines that change.
 */
static void lines_diff(FILE *out, char **a, unsigned n, char **b, unsigned m)
{
	unsigned *t, i, j;

	if ((size_t)(n + 1) * (m + 1) > LCS_MAX) {
		for (i = 0; i < n; i++)
			line_out(out, GONE, a[i]);
		for (j = 0; j < m; j++)
			line_out(out, ADDED, b[j]);
		return;
	}
	/* t[i][j]: the common lines of a[i..] and b[j..] */
	t = xcalloc((size_t)(n + 1) * (m + 1), sizeof(*t));
	for (i = n; i-- > 0;)
		for (j = m; j-- > 0;)
			t[i * (m + 1) + j] =
				!strcmp(a[i], b[j]) ?
					t[(i + 1) * (m + 1) + j + 1] + 1 :
				t[(i + 1) * (m + 1) + j] >
						t[i * (m + 1) + j + 1] ?
					t[(i + 1) * (m + 1) + j] :
					t[i * (m + 1) + j + 1];
	for (i = j = 0; i < n || j < m;) {
		if (i < n && j < m && !strcmp(a[i], b[j])) {
			line_out(out, SAME, a[i]);
			i++, j++;
		} else if (j == m ||
			   (i < n && t[(i + 1) * (m + 1) + j] >=
					     t[i * (m + 1) + j + 1])) {
			line_out(out, GONE, a[i++]);
		} else {
			line_out(out, ADDED, b[j++]);
		}
	}
	free(t);
}

/* Lines first..last of @s with edits e[0..n) applied; returns the delta. */
static int hunk(FILE *out, const struct src *s, const struct edit *e,
		unsigned n, unsigned first, unsigned last, int delta)
{
	size_t base = offset(s, first, 1), pos = base;
	struct strbuf ob = { 0 }, nb = { 0 };
	char **a, **b, *ot, *nt;
	unsigned i, na, nn;

	for (i = first; i <= last; i++) {
		sb_puts(&ob, s->line[i]);
		sb_add(&ob, "\n", 1);
	}
	for (i = 0; i < n; i++) {
		sb_add(&nb, ob.s + (pos - base), e[i].off - pos);
		sb_puts(&nb, e[i].f->replacement);
		pos = e[i].end;
	}
	sb_puts(&nb, ob.s + (pos - base));
	ot = sb_detach(&ob);
	nt = nb.s ? sb_detach(&nb) : xstrdup("");
	a = split(ot, &na);
	b = split(nt, &nn);
	fprintf(out, "<span class=\"dh\">@@ -%u,%u +%u,%u @@</span>\n", first,
		na, (unsigned)((int)first + delta), nn);
	lines_diff(out, a, na, b, nn);
	free(a);
	free(b);
	free(ot);
	free(nt);
	return delta + (int)nn - (int)na;
}

/* The edits of @d to @file, as hunks under one header. */
static void file_diff(struct page *pg, const struct oc_diag *d,
		      const char *file)
{
	FILE *out = pg->out;
	struct src *s = html_source(pg, file);
	struct edit *e = xcalloc(d->nfixes, sizeof(*e));
	unsigned j, n = 0, k;
	int delta = 0;

	for (j = 0; j < d->nfixes; j++) {
		const struct oc_fix *f = &d->fixes[j];

		if (strcmp(f->file, file))
			continue;
		if (!placed(s, f)) {
			fputs("<span class=\"dh\">(the file is not available: "
			      "the fix replaces ",
			      out);
			fprintf(out, "%u:%u-%u:%u with &quot;", f->line, f->col,
				f->end_line, f->end_col);
			html_esc(out, f->replacement);
			fputs("&quot;)</span>\n", out);
			continue;
		}
		e[n].f = f;
		e[n].off = offset(s, f->line, f->col);
		e[n].end = offset(s, f->end_line, f->end_col);
		e[n].first = f->line;
		e[n].last = last_line(f);
		if (e[n].end >= e[n].off)
			n++;
	}
	qsort(e, n, sizeof(*e), by_off);
	/* overlapping edits: the first wins, as under --fix, which says so */
	for (j = k = 0; j < n; j++) {
		const struct oc_fix *f = e[j].f;

		if (!k || e[j].off >= e[k - 1].end) {
			e[k++] = e[j];
			continue;
		}
		fprintf(out,
			"<span class=\"dh\">(left out, as --fix leaves it: the "
			"edit of %u:%u-%u:%u to &quot;",
			f->line, f->col, f->end_line, f->end_col);
		html_esc(out, f->replacement);
		fputs("&quot;, which overlaps an edit before it)</span>\n",
		      out);
	}
	n = k;
	if (n) {
		fputs("<span class=\"dh\">--- a/", out);
		html_esc(out, file);
		fputs("\n+++ b/", out);
		html_esc(out, file);
		fputs("</span>\n", out);
	}
	for (j = 0; j < n; j = k) {
		unsigned last = e[j].last;

		for (k = j + 1; k < n && e[k].first <= last + JOIN + 1; k++)
			if (e[k].last > last)
				last = e[k].last;
		delta = hunk(out, s, &e[j], k - j, e[j].first, last, delta);
	}
	free(e);
}

/* The safe fixes as a unified diff, from their lines and columns. */
void html_fix_diff(struct page *pg, const struct oc_diag *d)
{
	unsigned j, i;

	if (!d->fix_safe || !d->nfixes)
		return;
	fputs("<details class=\"fix\" open><summary>fix-it</summary>"
	      "<pre class=\"diff\">",
	      pg->out);
	/* each file once, in the order its first edit comes */
	for (j = 0; j < d->nfixes; j++) {
		for (i = 0; i < j; i++)
			if (!strcmp(d->fixes[i].file, d->fixes[j].file))
				break;
		if (i == j)
			file_diff(pg, d, d->fixes[j].file);
	}
	fputs("</pre></details>\n", pg->out);
}
