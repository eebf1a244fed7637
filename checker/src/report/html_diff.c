// SPDX-License-Identifier: GPL-2.0
/* The html page's fix-its, shown as a diff. */
#include <stdlib.h>
#include <string.h>

#include "../util.h"
#include "html.h"

/* The safe fixes as a unified diff, from their lines and columns. */
void html_fix_diff(struct page *pg, const struct oc_diag *d)
{
	FILE *out = pg->out;
	unsigned j, i;

	if (!d->fix_safe || !d->nfixes)
		return;
	fputs("<details class=\"fix\" open><summary>fix-it</summary>"
	      "<pre class=\"diff\">",
	      out);
	for (j = 0; j < d->nfixes; j++) {
		const struct oc_fix *f = &d->fixes[j];
		struct src *s = html_source(pg, f->file);
		struct strbuf nb = { 0 };
		unsigned nold, nnew = 1;
		char *neu, *p;
		size_t c0, c1;

		if (!s->text || !f->line || f->end_line < f->line ||
		    f->end_line > s->nlines) {
			fputs("<span class=\"dh\">(the file is not available: "
			      "the fix replaces ",
			      out);
			fprintf(out, "%u:%u-%u:%u with &quot;", f->line, f->col,
				f->end_line, f->end_col);
			html_esc(out, f->replacement);
			fputs("&quot;)</span>\n", out);
			continue;
		}
		c0 = f->col ? f->col - 1 : 0;
		c1 = f->end_col ? f->end_col - 1 : 0;
		if (c0 > strlen(s->line[f->line]))
			c0 = strlen(s->line[f->line]);
		if (c1 > strlen(s->line[f->end_line]))
			c1 = strlen(s->line[f->end_line]);
		sb_add(&nb, s->line[f->line], c0);
		sb_puts(&nb, f->replacement);
		sb_puts(&nb, s->line[f->end_line] + c1);
		neu = sb_detach(&nb);
		for (p = neu; *p; p++)
			nnew += *p == '\n';
		nold = f->end_line - f->line + 1;
		fputs("<span class=\"dh\">--- a/", out);
		html_esc(out, f->file);
		fputs("\n+++ b/", out);
		html_esc(out, f->file);
		fprintf(out, "\n@@ -%u,%u +%u,%u @@</span>\n", f->line, nold,
			f->line, nnew);
		for (i = f->line; i <= f->end_line; i++) {
			fputs("<del>-", out);
			html_code(out, s->line[i]);
			fputs("</del>", out); /* blocks: no newline */
		}
		for (p = strtok(neu, "\n"); p; p = strtok(NULL, "\n")) {
			fputs("<ins>+", out);
			html_code(out, p);
			fputs("</ins>", out);
		}
		free(neu);
	}
	fputs("</pre></details>\n", out);
}
