/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Baselines: the findings a project accepts for now, by fingerprint, so
 * that CI fails only on new ones and a line moving does not matter.
 */
#ifndef ORDERCHECK_BASELINE_H
#define ORDERCHECK_BASELINE_H

#include <stdio.h>

#include "../diag.h"

/* Write one line per finding: fingerprint, rule, file, message. */
int baseline_write(const char *path, const struct diag_list *l, char **fps,
		   FILE *err);

/*
 * Drop the findings whose fingerprint is in the baseline at @path; @fps is
 * filtered alongside @l. Returns the number dropped, or -1 (unreadable).
 */
int baseline_filter(const char *path, struct diag_list *l, char **fps,
		    FILE *err);

#endif
