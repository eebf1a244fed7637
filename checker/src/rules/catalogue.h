/* SPDX-License-Identifier: GPL-2.0 */
/* The rule catalogue as documentation: the README's rules table. */
#ifndef ORDERCHECK_CATALOGUE_H
#define ORDERCHECK_CATALOGUE_H

#include <stdio.h>

/*
 * --list-rules=md: one markdown row per rule (id linked to its page,
 * family, engines, fix, what), the table README.md carries verbatim.
 */
void catalogue_md(FILE *out);

#endif
