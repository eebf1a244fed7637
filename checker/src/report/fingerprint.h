/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A finding's identity across edits: the rule, the file, the function and
 * the text of the reported line, not its number, so that a baseline or a
 * code-scanning alert survives code moving up or down.
 */
#ifndef ORDERCHECK_FINGERPRINT_H
#define ORDERCHECK_FINGERPRINT_H

#include "../diag.h"

/*
 * One fingerprint per diagnostic of @l, in order (NULL for messages about
 * the run): 16 hex digits, then ":N" for the N-th finding with the same
 * key in the same file (N from 1). Free with fingerprints_free().
 */
char **fingerprints_compute(const struct diag_list *l);
void fingerprints_free(char **fps, unsigned n);

#endif
