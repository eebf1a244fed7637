/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --changed-since REV: keep the findings on lines that `git diff REV`
 * adds or changes (a CI check on a patch). The whole tree is still
 * analysed; only the report is narrowed.
 */
#ifndef ORDERCHECK_CHANGED_H
#define ORDERCHECK_CHANGED_H

#include <stdio.h>

#include "../diag.h"

/*
 * Returns the number of findings dropped, or -1 after telling @err why:
 * git failed, or a changed file's lines could not be read from its diff
 * (then dropping anything could hide a finding of the change).
 */
int changed_filter(const char *rev, struct diag_list *l, FILE *err);

#endif
