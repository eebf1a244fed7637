// SPDX-License-Identifier: GPL-2.0
/* The json sink: --format=json, version 1 of our own schema. */
#include "jsonw.h"
#include "report.h"

static void diag_json(FILE *out, const struct oc_diag *d)
{
	unsigned j;

	fputs("{\"rule\":", out);
	jsonw_str(out, d->rule);
	fputs(",\"severity\":", out);
	jsonw_str(out, diag_severity_name(d->sev));
	fputs(",\"file\":", out);
	jsonw_str(out, d->file);
	fprintf(out, ",\"line\":%u,\"column\":%u,\"function\":", d->line,
		d->col);
	jsonw_str(out, d->function);
	fputs(",\"message\":", out);
	jsonw_str(out, d->message);
	fputs(",\"notes\":[", out);
	for (j = 0; j < d->nnotes; j++) {
		fputs(j ? ",{\"file\":" : "{\"file\":", out);
		jsonw_str(out, d->notes[j].file);
		fprintf(out, ",\"line\":%u,\"column\":%u,\"message\":",
			d->notes[j].line, d->notes[j].col);
		jsonw_str(out, d->notes[j].message);
		fputc('}', out);
	}
	fputs("],\"fixes\":[", out);
	for (j = 0; j < d->nfixes && d->fix_safe; j++) {
		const struct oc_fix *f = &d->fixes[j];

		fputs(j ? ",{\"file\":" : "{\"file\":", out);
		jsonw_str(out, f->file);
		fprintf(out,
			",\"line\":%u,\"column\":%u,\"end_line\":%u,"
			"\"end_column\":%u,\"replacement\":",
			f->line, f->col, f->end_line, f->end_col);
		jsonw_str(out, f->replacement);
		fputc('}', out);
	}
	fputs("]}", out);
}

void report_json(FILE *out, const struct diag_list *l, unsigned files_checked)
{
	unsigned i, n = 0;

	fprintf(out, "{\"version\":1,\"files_checked\":%u,\"diagnostics\":[",
		files_checked);
	for (i = 0; i < l->n; i++) {
		if (!l->v[i].rule)
			continue;
		fputs(n++ ? ",\n" : "\n", out);
		diag_json(out, &l->v[i]);
	}
	fputs("],\"errors\":[", out);
	for (i = 0, n = 0; i < l->n; i++) {
		const struct oc_diag *d = &l->v[i];

		if (d->rule)
			continue;
		fputs(n++ ? ",\n" : "\n", out);
		fputs("{\"file\":", out);
		jsonw_str(out, d->file);
		fprintf(out, ",\"line\":%u,\"column\":%u,\"message\":", d->line,
			d->col);
		jsonw_str(out, d->message);
		fputc('}', out);
	}
	fputs("]}\n", out);
}
