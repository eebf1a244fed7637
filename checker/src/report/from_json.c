// SPDX-License-Identifier: GPL-2.0
/* Reading a --format=json document back into diagnostics, for other sinks. */
#include <stdlib.h>
#include <string.h>

#include "../json/jsonio.h"
#include "../util.h"
#include "report.h"

static const char *str(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

static unsigned num(const json_t *o, const char *key)
{
	long long v;

	if (!jsonio_get_int(json_object_get(o, key), &v) || v < 0 ||
	    v > 0xffffffffLL)
		return 0;
	return (unsigned)v;
}

static enum oc_severity severity(const char *s)
{
	if (!strcmp(s, "error"))
		return SEV_ERROR;
	if (!strcmp(s, "remark"))
		return SEV_NOTE;
	return SEV_WARNING;
}

static void read_threads(struct oc_diag *d, const json_t *j)
{
	const json_t *v = json_object_get(j, "threads");
	struct oc_threads t;
	unsigned i, k;

	if (!json_is_array(v) || json_array_size(v) != 2)
		return;
	memset(&t, 0, sizeof(t));
	t.shape = (char *)str(j, "shape");
	for (i = 0; i < 2; i++) {
		const json_t *th = json_array_get(v, i),
			     *acc = json_object_get(th, "accesses");
		struct oc_thread *o = &t.t[i];

		if (!json_is_array(acc) || json_array_size(acc) != 2)
			return;
		o->function = (char *)str(th, "function");
		o->order = (char *)str(th, "order");
		o->order_file = (char *)str(th, "order_file");
		o->order_line = num(th, "order_line");
		o->order_col = num(th, "order_column");
		o->ord = num(th, "ord");
		for (k = 0; k < 2; k++) {
			const json_t *a = json_array_get(acc, k);

			o->a[k].file = (char *)str(a, "file");
			o->a[k].line = num(a, "line");
			o->a[k].col = num(a, "column");
			o->a[k].op = (char *)str(a, "op");
			o->a[k].text = (char *)str(a, "text");
		}
	}
	diag_set_threads(d, &t);
}

static void read_diag(struct diag_list *l, const json_t *j)
{
	struct oc_diag *d =
		diag_add(l, str(j, "rule"), severity(str(j, "severity")),
			 str(j, "file"), num(j, "line"), num(j, "column"),
			 str(j, "function"), str(j, "message"));
	const json_t *v;
	size_t i;

	json_array_foreach(json_object_get(j, "notes"), i, v)
		diag_add_note(d, str(v, "file"), num(v, "line"),
			      num(v, "column"), str(v, "message"));
	json_array_foreach(json_object_get(j, "fixes"), i, v)
	{
		struct oc_fix f = {
			.file = (char *)str(v, "file"),
			.line = num(v, "line"),
			.col = num(v, "column"),
			.end_line = num(v, "end_line"),
			.end_col = num(v, "end_column"),
			.replacement = (char *)str(v, "replacement"),
		};

		diag_add_fix(d, &f);
	}
	/* the document lists only the safe fixes */
	d->fix_safe = d->nfixes > 0;
	read_threads(d, json_object_get(j, "threads"));
}

int report_read_json(const char *text, size_t len, struct diag_list *l,
		     unsigned *files_checked, char **err)
{
	json_t *doc = jsonio_parse(text, len, err), *v;
	size_t i;

	if (!doc)
		return -1;
	if (!json_is_object(doc) || num(doc, "version") != 1 ||
	    !json_is_array(json_object_get(doc, "diagnostics"))) {
		*err = xstrdup("not an ordercheck --format=json document "
			       "(version 1)");
		json_decref(doc);
		return -1;
	}
	*files_checked = num(doc, "files_checked");
	json_array_foreach(json_object_get(doc, "diagnostics"), i, v)
		read_diag(l, v);
	json_array_foreach(json_object_get(doc, "errors"), i, v)
		diag_add(l, NULL, SEV_ERROR, str(v, "file"), num(v, "line"),
			 num(v, "column"), NULL, str(v, "message"));
	json_decref(doc);
	return 0;
}
