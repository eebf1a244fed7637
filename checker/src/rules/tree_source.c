// SPDX-License-Identifier: GPL-2.0
/* The source text around a fact: comments beside it, lines to move. */
#include "tree_source.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../util.h"

/* Bytes [*off, *end) of line @line (1-based) of @buf, without its '\n'. */
static bool line_span(const char *buf, size_t len, unsigned line, size_t *off,
		      size_t *end)
{
	size_t i = 0;
	unsigned l = 1;

	while (l < line && i < len) {
		const char *nl = memchr(buf + i, '\n', len - i);

		if (!nl)
			return false;
		i = (size_t)(nl - buf) + 1;
		l++;
	}
	if (l != line || i >= len)
		return false;
	*off = i;
	*end = i;
	while (*end < len && buf[*end] != '\n')
		(*end)++;
	return true;
}

static bool contains_word(const char *s, size_t n, const char *w)
{
	size_t wl = strlen(w), i;

	for (i = 0; i + wl <= n; i++)
		if (!strncasecmp(s + i, w, wl))
			return true;
	return false;
}

/* The comment part of a line: after "//" or "/ *", or a " * " line. */
static const char *comment_of(const char *s, const char *e)
{
	const char *p;

	for (p = s; p + 1 < e; p++)
		if (p[0] == '/' && (p[1] == '/' || p[1] == '*'))
			return p;
	for (p = s; p < e && (*p == ' ' || *p == '\t'); p++)
		;
	return p < e && *p == '*' ? p : NULL;
}

bool tree_comment_mentions(const struct fact *at, unsigned above,
			   const char *const *words, unsigned nwords)
{
	size_t len, off, end;
	char *buf = at->file && at->file[0] ? read_file(at->file, &len) : NULL;
	unsigned l, k;
	bool found = false;

	if (!buf)
		return false;
	for (l = at->line > above ? at->line - above : 1;
	     l <= at->line && !found; l++) {
		const char *c;

		/* --verify's expectations are no comment on the code */
		if (!line_span(buf, len, l, &off, &end) ||
		    !(c = comment_of(buf + off, buf + end)) ||
		    !strncmp(c, "// expect-", 10))
			continue;
		for (k = 0; k < nwords && !found; k++)
			found = contains_word(c, (size_t)(buf + end - c),
					      words[k]);
	}
	free(buf);
	return found;
}

/* One statement alone on its line: no block, no jump, no condition. */
static bool simple_statement(const char *s, const char *e)
{
	static const char *const opens[] = {
		"if",	  "else", "for",   "while",    "do", "switch", "case",
		"return", "goto", "break", "continue", "}",  "{",      "#"
	};
	unsigned k;

	const char *cmt;

	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	/* a trailing "//" comment moves with its line */
	for (cmt = s; cmt + 1 < e; cmt++)
		if (cmt[0] == '/' && cmt[1] == '/') {
			e = cmt;
			break;
		}
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	if (e == s || e[-1] != ';' || memchr(s, '{', (size_t)(e - s)) ||
	    memchr(s, '}', (size_t)(e - s)) || memchr(s, '/', (size_t)(e - s)))
		return false;
	for (k = 0; k < sizeof(opens) / sizeof(opens[0]); k++) {
		size_t n = strlen(opens[k]);

		if ((size_t)(e - s) >= n && !strncmp(s, opens[k], n) &&
		    ((size_t)(e - s) == n ||
		     !(s[n] == '_' || (s[n] >= 'a' && s[n] <= 'z') ||
		       (s[n] >= '0' && s[n] <= '9'))))
			return false;
	}
	/* one statement: a second ';' would move two */
	return memchr(s, ';', (size_t)(e - s)) == e - 1;
}

static void add_replace(struct oc_diag *d, const char *file, unsigned line,
			size_t off, size_t end, const char *text, size_t n)
{
	char *rep = xstrndup(text, n);
	struct oc_fix f = {
		.file = (char *)file,
		.line = line,
		.col = 1,
		.end_line = line,
		.end_col = 1 + (unsigned)(end - off),
		.off = (unsigned)off,
		.end_off = (unsigned)end,
		.replacement = rep,
	};

	diag_add_fix(d, &f);
	free(rep);
}

bool tree_fix_swap_lines(struct oc_diag *d, const char *file, unsigned l1,
			 unsigned l2)
{
	size_t len, o1, e1, o2, e2;
	char *buf = file && file[0] ? read_file(file, &len) : NULL;
	bool ok;

	if (!buf)
		return false;
	ok = l1 < l2 && line_span(buf, len, l1, &o1, &e1) &&
	     line_span(buf, len, l2, &o2, &e2) &&
	     simple_statement(buf + o1, buf + e1) &&
	     simple_statement(buf + o2, buf + e2);
	if (ok) {
		add_replace(d, file, l1, o1, e1, buf + o2, e2 - o2);
		add_replace(d, file, l2, o2, e2, buf + o1, e1 - o1);
	}
	free(buf);
	return ok;
}
