// SPDX-License-Identifier: GPL-2.0
/* Quick fixes for textDocument/codeAction. */
#include "actions.h"

#include <string.h>

static bool line_of(const struct json *pos, unsigned *line)
{
	long long l;

	if (!json_int(json_get(pos, "line"), &l) || l < 0 || l > 0x7fffffff)
		return false;
	*line = (unsigned)l;
	return true;
}

/* "quickfix" and its sub-kinds ("quickfix.x") are what we offer. */
static bool admits_quickfix(const struct json *only)
{
	unsigned i;

	if (!only || only->type != JSON_ARRAY)
		return true;
	for (i = 0; i < only->n; i++) {
		const char *k = json_str(only->v[i]);

		if (k && (!strcmp(k, "quickfix") || !strcmp(k, "")))
			return true;
	}
	return false;
}

int actions_query(const struct json *params, struct action_query *q)
{
	const struct json *range = json_get(params, "range");

	if (!line_of(json_get(range, "start"), &q->line0) ||
	    !line_of(json_get(range, "end"), &q->line1))
		return -1;
	if (q->line1 < q->line0) {
		unsigned t = q->line0;

		q->line0 = q->line1;
		q->line1 = t;
	}
	q->quickfix = admits_quickfix(json_path(params, "context.only"));
	return 0;
}

void actions_emit(struct jw *w, const struct doc *d,
		  const struct action_query *q, bool literals)
{
	unsigned i;

	if (!q->quickfix || !d->have || d->res_version != d->version)
		return;
	for (i = 0; i < d->nacts; i++) {
		const struct our_action *a = &d->acts[i];

		/* clients ask for a cursor's range or for its line: lines */
		if (a->line1 < q->line0 || a->line0 > q->line1)
			continue;
		jw_obj(w);
		jw_key(w, "title");
		jw_str(w, a->title);
		if (literals) {
			jw_key(w, "kind");
			jw_str(w, "quickfix");
			jw_key(w, "diagnostics");
			jw_arr(w);
			jw_json(w, a->diag);
			jw_arr_end(w);
			jw_key(w, "isPreferred");
			jw_bool(w, true);
			jw_key(w, "edit");
			jw_json(w, a->edit);
		} else {
			jw_key(w, "command");
			jw_str(w, ACTION_COMMAND);
			jw_key(w, "arguments");
			jw_arr(w);
			jw_json(w, a->edit);
			jw_arr_end(w);
		}
		jw_obj_end(w);
	}
}
