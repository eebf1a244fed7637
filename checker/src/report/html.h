/* SPDX-License-Identifier: GPL-2.0 */
/* The html sink's parts: one page, written by html.c with these. */
#ifndef ORDERCHECK_REPORT_HTML_H
#define ORDERCHECK_REPORT_HTML_H

#include <stdio.h>

#include "../diag.h"
#include "report.h"

/* A source file, read once, split into lines. */
struct src {
	char *path;
	char *text; /* NULL: unreadable */
	char **line; /* line[1..nlines], NUL-terminated in text */
	unsigned nlines;
};

struct page {
	FILE *out;
	const struct html_info *info;
	struct src *src;
	unsigned nsrc;
	unsigned nlocs; /* locations quoted, for the ids */
};

/* HTML-escaped, invalid UTF-8 repaired to U+FFFD. */
void html_esc(FILE *out, const char *s);
/* @file read once per page and split into lines (html_src.c). */
struct src *html_source(struct page *pg, const char *file);
void html_sources_free(struct page *pg);
/* A source line, escaped, its tabs expanded to columns of 8. */
void html_code(FILE *out, const char *line);
/* "file:///abs/path#Lline": where an editor or browser opens the file. */
void html_file_href(struct page *pg, const char *file, unsigned line);
/* One location: its place, linked, and the lines around it quoted. */
void html_location(struct page *pg, const char *cls, const char *file,
		   unsigned line, unsigned col, const char *what);
/* The safe fixes as a unified diff (html_diff.c). */
void html_fix_diff(struct page *pg, const struct oc_diag *d);
/*
 * The memory order @a's call names in its source ("memory_order_acquire",
 * "__ATOMIC_RELEASE"; the default of an operation written without one,
 * seq_cst for C11's), or NULL (html_order.c).
 */
char *html_access_order(struct page *pg, const struct oc_access *a);
/*
 * A pairing finding's two sides drawn as threads with the edges of its
 * bad outcome, drawing @n of the page (html_svg.c).
 */
void html_threads(struct page *pg, const struct oc_diag *d, unsigned n);

#endif
