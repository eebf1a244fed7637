/* SPDX-License-Identifier: GPL-2.0 */
/* Running the tree rules over the whole tree's facts: what the driver calls. */
#ifndef ORDERCHECK_RULES_TREE_CONTEXT_H
#define ORDERCHECK_RULES_TREE_CONTEXT_H

#include <stdbool.h>

#include "../diag.h"
#include "../pairs/facts.h"
#include "../pairs/litmus.h"
#include "tree_explain.h"

/*
 * Run every enabled tree rule on each candidate the pairing engine finds
 * in @facts, findings into @out. A finding is reported when the side it
 * is reported on comes from a TU that @report marks (NULL: all), so a run
 * on some files still pairs them with the whole store. @seen holds the
 * function rules' findings: a reader one of them already reports is not
 * reported again. @litmus (or NULL) gets what the litmus test of each
 * finding needs, for the sink that writes them (litmus_emit()); it points
 * into @facts, and at findings by their index in @out. Past @deadline
 * (CLOCK_MONOTONIC seconds, 0: none) it stops and returns true. With
 * @explain (or NULL), what it decided about one line is printed.
 */
bool rule_tree_run(const struct fact_set *facts, const bool *report,
		   const struct diag_list *seen, struct diag_list *out,
		   struct litmus_findings *litmus,
		   const struct tree_explain *explain, double deadline);

#endif
