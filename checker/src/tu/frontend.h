/* SPDX-License-Identifier: GPL-2.0 */
/*
 * From a command line, compile_commands.json or an editor's buffer to a
 * parsed libclang TU: the one front end of the command line and the editor.
 */
#ifndef ORDERCHECK_FRONTEND_H
#define ORDERCHECK_FRONTEND_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "../diag.h"

/* One file to check: its compiler flags, cleaned, without the file itself. */
struct tu_job {
	char *file; /* as given, or absolute from the database */
	char *dir; /* working directory, or NULL for ours */
	char **args;
	int nargs;
};

struct frontend_opts {
	const char *resource_dir; /* NULL: the default found at build time */
	const char *base_dir; /* paths in messages are shown relative to it */
	bool kbuild; /* sparse-only flags may appear */
	/*
	 * The editor's worker: keep a precompiled preamble for fast
	 * re-parses, and come back to our directory after each (see
	 * frontend_reparse()).
	 */
	bool editor;
};

/* Error codes of this file, returned negated. */
enum frontend_error {
	FE_OK = 0,
	FE_NO_DATABASE = 1,
	FE_NOT_IN_DATABASE = 2,
	FE_PARSE_FAILED = 3,
	FE_CRASHED = 4, /* libclang crashed: its state is suspect now */
};

/*
 * Load the jobs of BUILD_DIR/compile_commands.json, all of them or the
 * ones for @only (relative to @base). Returns 0, or a negative
 * frontend_error with @err set.
 */
int frontend_jobs_from_database(const char *build_dir, const char *base,
				char **only, int nonly, struct tu_job **jobs,
				unsigned *njobs, char **err);

/* A job from the command line: FILE and the flags after "--". */
void frontend_job_from_args(struct tu_job *job, const char *file, char **flags,
			    int nflags);

/* Free what @job holds, leaving it empty. */
void frontend_job_clear(struct tu_job *job);

void frontend_jobs_free(struct tu_job *jobs, unsigned n);

/*
 * Parse @job, with the editor's buffer @unsaved (NULL: the file on disk).
 * On success returns 0 and sets *tu; problems that still left an AST
 * (errors in the code, unknown flags) are described in @msgs. On failure
 * returns -FE_PARSE_FAILED or -FE_CRASHED with a message in @msgs.
 */
int frontend_parse(CXIndex idx, const struct tu_job *job,
		   const struct frontend_opts *opts,
		   struct CXUnsavedFile *unsaved, CXTranslationUnit *tu,
		   struct diag_list *msgs);

/*
 * Parse @job from the disk, but for the @n headers whose texts @headers
 * hands over (bodies/bodies.h: with bodies blanked).
 */
int frontend_parse_headers(CXIndex idx, const struct tu_job *job,
			   const struct frontend_opts *opts,
			   struct CXUnsavedFile *headers, unsigned n,
			   CXTranslationUnit *tu, struct diag_list *msgs);

/*
 * Parse *tu again, for the editor, with the new buffer @unsaved; errors
 * in the code are described in @msgs. Returns 0, or -FE_PARSE_FAILED after
 * disposing of *tu (all libclang allows after a failed re-parse) and
 * setting it to NULL.
 */
int frontend_reparse(CXTranslationUnit *tu, const struct tu_job *job,
		     const struct frontend_opts *opts,
		     struct CXUnsavedFile *unsaved, struct diag_list *msgs);

#endif
