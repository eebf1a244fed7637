/* SPDX-License-Identifier: GPL-2.0 */
/*
 * textDocument/codeAction: our quick fixes for the lines asked about, as
 * CodeAction literals or, for clients without literal support, as
 * commands that we carry out with workspace/applyEdit.
 */
#ifndef ORDERCHECK_LSP_ACTIONS_H
#define ORDERCHECK_LSP_ACTIONS_H

#include <stdbool.h>

#include "../json/jsonio.h"
#include "docs.h"

#define ACTION_COMMAND "ordercheck.applyFix"

/* The part of a codeAction request we need. */
struct action_query {
	unsigned line0, line1;
	bool quickfix; /* context.only, if given, admits "quickfix" */
};

/* Read a request's params; returns -1 if they are malformed. */
int actions_query(const json_t *params, struct action_query *q);

/*
 * Our actions for @q, appended to the array @out; none when the results
 * are for an older text than the document's.
 */
void actions_emit(json_t *out, const struct doc *d,
		  const struct action_query *q, bool literals);

#endif
