/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pairing pass: the two-sided shapes of ../shared/reference/
 * ordering-semantics.md section 4 over the facts of a whole tree (message
 * passing, its S variant, store buffering, publish/dereference), and the
 * rules of the pairing family on them.
 */
#ifndef ORDERCHECK_PAIRS_PAIRING_H
#define ORDERCHECK_PAIRS_PAIRING_H

#include <stdbool.h>

#include "../diag.h"
#include "facts.h"

struct pairing_opts {
	const char *litmus_dir; /* --emit-litmus: one test per finding */
	bool herd; /* --herd: run herd7 on each test, note its verdict */
	const char *herd_dir; /* where linux-kernel.cfg is, or NULL */
};

/*
 * Run the pairing rules over @facts. A finding is reported when the side
 * it is reported on comes from a TU that @report marks (NULL: all), so a
 * run on some files still pairs them with the whole store. @seen holds
 * the per-function findings: a read that ctrl-dep-load-load already
 * reports is not reported again.
 */
void pairing_run(const struct fact_set *facts, const bool *report,
		 const struct pairing_opts *o, const struct diag_list *seen,
		 struct diag_list *out);

#endif
