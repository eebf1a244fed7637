/* SPDX-License-Identifier: GPL-2.0 */
/*
 * In-source suppressions: a comment "ordercheck-ignore[rule-id]: reason"
 * on the reported line, or alone on the line above it.
 */
#ifndef ORDERCHECK_SUPPRESS_H
#define ORDERCHECK_SUPPRESS_H

#include "../diag.h"

/*
 * Drop the findings of @l that a suppression in their file covers, and
 * add a finding (rule "ordercheck-ignore") for each suppression with no
 * reason, naming no known rule, or covering nothing. @files: the checked
 * files, scanned too so that a suppression with nothing left to cover is
 * reported there as well.
 */
void suppress_apply(struct diag_list *l, char *const *files, unsigned nfiles);

#endif
