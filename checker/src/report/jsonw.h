/* SPDX-License-Identifier: GPL-2.0 */
/* Writing JSON strings: the one escaper every JSON sink uses. */
#ifndef ORDERCHECK_JSONW_H
#define ORDERCHECK_JSONW_H

#include <stdio.h>

/* @s as a JSON string literal; NULL is written as "". */
void jsonw_str(FILE *out, const char *s);

#endif
