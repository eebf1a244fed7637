/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The other engines on the same files: sparse with the same flags
 * (--with-sparse) and the Coccinelle rules (--with-cocci), their reports
 * merged into ours so that they reach SARIF, baselines and suppressions.
 */
#ifndef ORDERCHECK_ENGINES_H
#define ORDERCHECK_ENGINES_H

#include "../diag.h"
#include "../tu/frontend.h"
#include "options.h"

/*
 * sparse's warnings come in as rule "sparse"; a Coccinelle report as its
 * rule id, dropped where the checker reported the same rule on the same
 * line. A missing sparse or spatch is one error message, not a crash.
 */
void engines_merge(const struct options *o, const struct tu_job *jobs,
		   unsigned njobs, struct diag_list *l);

#endif
