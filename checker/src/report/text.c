// SPDX-License-Identifier: GPL-2.0
/* The text sink: clang's diagnostic shape, which editors and CI parse. */
#include "report.h"

static void location(FILE *out, const char *file, unsigned line, unsigned col)
{
	fputs(file, out);
	if (line) {
		fprintf(out, ":%u", line);
		if (col)
			fprintf(out, ":%u", col);
	}
	fputs(": ", out);
}

void report_text(FILE *out, const struct diag_list *l)
{
	unsigned i, j;

	for (i = 0; i < l->n; i++) {
		const struct oc_diag *d = &l->v[i];

		location(out, d->file, d->line, d->col);
		fprintf(out, "%s: %s", diag_severity_name(d->sev), d->message);
		if (d->rule)
			fprintf(out, " [%s]", d->rule);
		fputc('\n', out);
		for (j = 0; j < d->nnotes; j++) {
			location(out, d->notes[j].file, d->notes[j].line,
				 d->notes[j].col);
			fprintf(out, "note: %s\n", d->notes[j].message);
		}
	}
}

/*
 * sparse's shape, for kbuild's C=1: "file:line:col: warning: message",
 * then what belongs to it indented under it on lines of its own.
 */
void report_sparse_style(FILE *out, const struct diag_list *l)
{
	unsigned i, j;

	for (i = 0; i < l->n; i++) {
		const struct oc_diag *d = &l->v[i];

		location(out, d->file, d->line, d->col);
		fprintf(out, "%s: %s", diag_severity_name(d->sev), d->message);
		if (d->rule)
			fprintf(out, " [%s]", d->rule);
		fputc('\n', out);
		for (j = 0; j < d->nnotes; j++) {
			location(out, d->notes[j].file, d->notes[j].line,
				 d->notes[j].col);
			fprintf(out, "   %s\n", d->notes[j].message);
		}
	}
}
