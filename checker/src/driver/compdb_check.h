/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compile_commands.json checked before libclang reads it: libclang's
 * reader says only "Expected string as value." on stderr (after a line on
 * a "fixed database" nobody asked for), and it takes "file": null as a
 * file named "null". This names the entry and the field.
 */
#ifndef ORDERCHECK_DRIVER_COMPDB_CHECK_H
#define ORDERCHECK_DRIVER_COMPDB_CHECK_H

#include <stddef.h>

/*
 * 0 if the @len bytes at @text (the file @path) are a JSON Compilation
 * Database libclang can read; -1 with *err (malloc) naming what is wrong.
 */
int compdb_check_text(const char *path, const char *text, size_t len,
		      char **err);

/* The same for BUILD_DIR/compile_commands.json, read from disk. */
int compdb_check(const char *build_dir, char **err);

#endif
