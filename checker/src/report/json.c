// SPDX-License-Identifier: GPL-2.0
/* The json sink: --format=json, version 1 of our own schema. */
#include "../json/jsonio.h"
#include "report.h"

static json_t *access_json(const struct oc_access *a)
{
	return jsonio_pack("{s:o,s:I,s:I,s:o,s:o}", "file", jsonio_str(a->file),
			   "line", (json_int_t)a->line, "column",
			   (json_int_t)a->col, "op", jsonio_str(a->op), "text",
			   jsonio_str(a->text));
}

/* A pairing finding's two sides as threads (diag.h), for drawing. */
static json_t *threads_json(const struct oc_threads *t)
{
	json_t *v = json_array();
	unsigned i;

	for (i = 0; i < 2; i++) {
		const struct oc_thread *th = &t->t[i];

		jsonio_push(
			v,
			jsonio_pack("{s:o,s:o,s:o,s:I,s:I,s:I,s:[o,o]}",
				    "function", jsonio_str(th->function),
				    "order", jsonio_str(th->order),
				    "order_file", jsonio_str(th->order_file),
				    "order_line", (json_int_t)th->order_line,
				    "order_column", (json_int_t)th->order_col,
				    "ord", (json_int_t)th->ord, "accesses",
				    access_json(&th->a[0]),
				    access_json(&th->a[1])));
	}
	return jsonio_pack("{s:o,s:o}", "shape", jsonio_str(t->shape),
			   "threads", v);
}

static json_t *diag_json(const struct oc_diag *d)
{
	json_t *doc;
	json_t *notes = json_array(), *fixes = json_array();
	unsigned j;

	for (j = 0; j < d->nnotes; j++) {
		const struct oc_note *n = &d->notes[j];

		jsonio_push(notes, jsonio_pack("{s:o,s:I,s:I,s:o}", "file",
					       jsonio_str(n->file), "line",
					       (json_int_t)n->line, "column",
					       (json_int_t)n->col, "message",
					       jsonio_str(n->message)));
	}
	for (j = 0; j < d->nfixes && d->fix_safe; j++) {
		const struct oc_fix *f = &d->fixes[j];

		jsonio_push(fixes,
			    jsonio_pack("{s:o,s:I,s:I,s:I,s:I,s:o}", "file",
					jsonio_str(f->file), "line",
					(json_int_t)f->line, "column",
					(json_int_t)f->col, "end_line",
					(json_int_t)f->end_line, "end_column",
					(json_int_t)f->end_col, "replacement",
					jsonio_str(f->replacement)));
	}
	doc = jsonio_pack(
		"{s:o,s:s,s:o,s:I,s:I,s:o,s:o,s:o,s:o}", "rule",
		jsonio_str(d->rule), "severity", diag_severity_name(d->sev),
		"file", jsonio_str(d->file), "line", (json_int_t)d->line,
		"column", (json_int_t)d->col, "function",
		jsonio_str(d->function), "message", jsonio_str(d->message),
		"notes", notes, "fixes", fixes);
	if (d->threads)
		jsonio_set(doc, "threads", threads_json(d->threads));
	return doc;
}

/* A message about the run (a file that does not parse). */
static json_t *error_json(const struct oc_diag *d)
{
	return jsonio_pack("{s:o,s:I,s:I,s:o}", "file", jsonio_str(d->file),
			   "line", (json_int_t)d->line, "column",
			   (json_int_t)d->col, "message",
			   jsonio_str(d->message));
}

void report_json(FILE *out, const struct diag_list *l, unsigned files_checked)
{
	json_t *diags = json_array(), *errors = json_array(), *doc;
	unsigned i;

	for (i = 0; i < l->n; i++) {
		if (l->v[i].rule)
			jsonio_push(diags, diag_json(&l->v[i]));
		else
			jsonio_push(errors, error_json(&l->v[i]));
	}
	doc = jsonio_pack("{s:i,s:I,s:o,s:o}", "version", 1, "files_checked",
			  (json_int_t)files_checked, "diagnostics", diags,
			  "errors", errors);
	jsonio_write(out, doc);
	json_decref(doc);
}
