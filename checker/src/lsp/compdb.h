/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compiler flags for a file open in the editor, found the way clangd
 * finds them: compile_commands.json in --compile-commands-dir, else in
 * the nearest parent directory of the file (or its build/), else in the
 * workspace root; an entry for the file itself, else the entry of the
 * nearest neighbour (headers have none); else the fallback flags.
 */
#ifndef ORDERCHECK_LSP_COMPDB_H
#define ORDERCHECK_LSP_COMPDB_H

#include "../tu/frontend.h"

struct compdb_opts {
	const char *ccdir; /* --compile-commands-dir, or NULL */
	char **fallback; /* flags after "--" */
	int nfallback;
};

/*
 * Fill @job for @path (absolute; paths are compared as spelled relative
 * to @base). *db is the compile_commands.json used (malloc, NULL if none);
 * *how says where the flags came from (malloc).
 */
void compdb_job_for(const char *path, const char *root,
		    const struct compdb_opts *o, const char *base,
		    struct tu_job *job, char **db, char **how);

/* Deep copies and comparison of jobs. */
void compdb_job_copy(struct tu_job *dst, const struct tu_job *src);
void compdb_job_clear(struct tu_job *job);
bool compdb_job_same(const struct tu_job *a, const struct tu_job *b);

#endif
