// SPDX-License-Identifier: GPL-2.0
/* Quick fixes for textDocument/codeAction. */
#include "actions.h"

#include <string.h>

static bool line_of(const json_t *pos, unsigned *line)
{
	long long l;

	if (!jsonio_get_int(json_object_get(pos, "line"), &l) || l < 0 ||
	    l > 0x7fffffff)
		return false;
	*line = (unsigned)l;
	return true;
}

/* "quickfix" and its sub-kinds ("quickfix.x") are what we offer. */
static bool admits_quickfix(const json_t *only)
{
	size_t i;

	if (!json_is_array(only))
		return true;
	for (i = 0; i < json_array_size(only); i++) {
		const char *k = json_string_value(json_array_get(only, i));

		if (k && (!strcmp(k, "quickfix") || !strcmp(k, "")))
			return true;
	}
	return false;
}

int actions_query(const json_t *params, struct action_query *q)
{
	const json_t *range = json_object_get(params, "range");

	if (!line_of(json_object_get(range, "start"), &q->line0) ||
	    !line_of(json_object_get(range, "end"), &q->line1))
		return -1;
	if (q->line1 < q->line0) {
		unsigned t = q->line0;

		q->line0 = q->line1;
		q->line1 = t;
	}
	q->quickfix = admits_quickfix(jsonio_path(params, "context.only"));
	return 0;
}

void actions_emit(json_t *out, const struct doc *d,
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
		if (literals)
			jsonio_push(
				out,
				jsonio_pack("{s:o,s:s,s:[O],s:b,s:O}", "title",
					    jsonio_str(a->title), "kind",
					    "quickfix", "diagnostics", a->diag,
					    "isPreferred", 1, "edit", a->edit));
		else
			jsonio_push(out, jsonio_pack("{s:o,s:s,s:[O]}", "title",
						     jsonio_str(a->title),
						     "command", ACTION_COMMAND,
						     "arguments", a->edit));
	}
}
