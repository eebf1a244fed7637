// SPDX-License-Identifier: GPL-2.0
/* The html page's text: escaped, and the sources it quotes, read once. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../uri.h"
#include "../utf8.h"
#include "../util.h"
#include "html.h"

enum { CONTEXT = 3 }; /* source lines quoted around a location */

/* HTML-escaped, invalid UTF-8 repaired to U+FFFD. */
void html_esc(FILE *out, const char *s)
{
	size_t n = strlen(s), len;
	char *r = NULL;

	if (!utf8_valid(s, n))
		s = r = utf8_repair(s, n, &len);
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		case '\'':
			fputs("&#39;", out);
			break;
		default:
			fputc(*s, out);
		}
	}
	free(r);
}

static char *abs_path(const struct page *pg, const char *file)
{
	if (file[0] == '/' || !pg->info->base)
		return xstrdup(file);
	return xasprintf("%s/%s", pg->info->base, file);
}

/*
 * A source file's text, if it is a regular file: the findings of
 * report --from-json may name /dev/zero or a FIFO, which never end.
 */
static char *read_source(const char *path, size_t *len)
{
	struct stat st;

	if (stat(path, &st) || !S_ISREG(st.st_mode))
		return NULL;
	return read_file(path, len);
}

struct src *html_source(struct page *pg, const char *file)
{
	struct src *s;
	char *p, *abs;
	size_t len;
	unsigned i;

	for (i = 0; i < pg->nsrc; i++)
		if (!strcmp(pg->src[i].path, file))
			return &pg->src[i];
	pg->src = xrealloc(pg->src, (pg->nsrc + 1) * sizeof(*pg->src));
	s = &pg->src[pg->nsrc++];
	memset(s, 0, sizeof(*s));
	s->path = xstrdup(file);
	abs = abs_path(pg, file);
	s->text = read_source(abs, &len);
	free(abs);
	if (!s->text)
		return s;
	/* line[0] unused; a last line without its newline still counts */
	s->line = xmalloc(sizeof(*s->line));
	for (p = s->text; p < s->text + len;) {
		char *nl = memchr(p, '\n', len - (size_t)(p - s->text));

		s->line = xrealloc(s->line, (s->nlines + 2) * sizeof(*s->line));
		s->line[++s->nlines] = p;
		if (!nl)
			break;
		*nl = '\0';
		p = nl + 1;
	}
	return s;
}

void html_sources_free(struct page *pg)
{
	unsigned i;

	for (i = 0; i < pg->nsrc; i++) {
		free(pg->src[i].path);
		free(pg->src[i].text);
		free(pg->src[i].line);
	}
	free(pg->src);
}

/* "file:///abs/path#Lline": where an editor or browser opens the file. */
void html_file_href(struct page *pg, const char *file, unsigned line)
{
	char *abs = abs_path(pg, file), *uri = uri_from_path(abs, false);

	/* percent-escaped: a '#' or a blank in a path stays in the path */
	html_esc(pg->out, uri);
	if (line)
		fprintf(pg->out, "#L%u", line);
	free(uri);
	free(abs);
}

/*
 * A source line, its tabs expanded to the next multiple of 8 columns of
 * the line: the page puts a line number or a diff's '-' before it, which a
 * browser's tab-size counts too (one tab drew one column after "   56  ").
 */
void html_code(FILE *out, const char *line)
{
	size_t n = strlen(line), len;
	char *r = NULL;
	struct strbuf b = { 0 };
	unsigned col = 0;
	const char *p;

	if (!utf8_valid(line, n))
		line = r = utf8_repair(line, n, &len);
	for (p = line; *p; p++) {
		if (*p == '\t') {
			do
				sb_add(&b, " ", 1);
			while (++col % 8);
			continue;
		}
		sb_add(&b, p, 1);
		/* a column per character: UTF-8's continuation bytes add none */
		col += ((unsigned char)*p & 0xc0) != 0x80;
	}
	p = b.s ? b.s : "";
	html_esc(out, p);
	free(b.s);
	free(r);
}

/* One location: its place, linked, and the lines around it quoted. */
void html_location(struct page *pg, const char *cls, const char *file,
		   unsigned line, unsigned col, const char *what)
{
	FILE *out = pg->out;
	struct src *s = html_source(pg, file);
	unsigned from, to, i;

	fprintf(out, "<div class=\"loc %s\" id=\"loc%u\">\n", cls, pg->nlocs++);
	fputs("<div class=\"where\"><a class=\"loc-link\" href=\"", out);
	html_file_href(pg, file, line);
	fputs("\">", out);
	html_esc(out, file);
	if (line)
		fprintf(out, ":%u", line);
	if (line && col)
		fprintf(out, ":%u", col);
	fputs("</a> <span class=\"what\">", out);
	html_esc(out, what);
	fputs("</span></div>\n", out);
	if (!s->text || !line || line > s->nlines) {
		fputs("<p class=\"nosrc\">(source not available)</p></div>\n",
		      out);
		return;
	}
	from = line > CONTEXT ? line - CONTEXT : 1;
	to = line + CONTEXT <= s->nlines ? line + CONTEXT : s->nlines;
	fputs("<pre class=\"src\">", out);
	for (i = from; i <= to; i++) {
		fprintf(out,
			"<span class=\"ln%s\" data-line=\"%u\"><span "
			"class=\"no\">%5u  </span><span class=\"code\">",
			i == line ? " hl" : "", i, i);
		html_code(out, s->line[i]);
		/* a block each: no newline between */
		fputs("</span></span>", out);
	}
	fputs("</pre></div>\n", out);
}
