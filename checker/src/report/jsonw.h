/* SPDX-License-Identifier: GPL-2.0 */
/* Writing JSON strings: the one escaper every JSON sink uses. */
#ifndef ORDERCHECK_JSONW_H
#define ORDERCHECK_JSONW_H

#include <stdio.h>

/* @s as a JSON string literal; NULL is written as "". */
void jsonw_str(FILE *out, const char *s);

/* "file:///abs/path/" for a directory, "rel/path" kept relative (malloc). */
char *jsonw_file_uri(const char *path, int is_dir);

#endif
