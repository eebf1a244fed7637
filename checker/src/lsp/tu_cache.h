/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The analysis worker's translation units: one per open file, parsed once
 * with a precompiled preamble (the #include block as an implicit PCH) and
 * then re-parsed from the editor's unsaved buffer, so that a re-check
 * after an edit parses only the main file. Parsing is the front end's
 * (frontend.h), as for the command line: the same flags, the same words.
 */
#ifndef ORDERCHECK_LSP_TU_CACHE_H
#define ORDERCHECK_LSP_TU_CACHE_H

#include <stdbool.h>
#include <stddef.h>

#include "../memo/memo.h"
#include "../tu/analyze.h"
#include "compdb.h"
#include "wire.h"

struct worker_opts {
	struct compdb_opts db;
	struct frontend_opts frontend; /* editor set, base_dir our directory */
	struct analyze_opts analyze;
	unsigned max_tus; /* the least recently checked beyond it are dropped */
};

struct tu_cache;

struct tu_cache *tu_cache_new(const struct worker_opts *o);
void tu_cache_free(struct tu_cache *c);

/*
 * Check the file of @r, whose text is in @r too, appending findings and
 * messages to @out. Returns true when an existing TU was re-parsed.
 * *fatal is set when libclang crashed: its state is suspect and the
 * process should go. *parse_ms: the part of it libclang took.
 * *kept: the functions taken from the last check (build.h's prefix
 * memo), none when all were built.
 */
bool tu_cache_check(struct tu_cache *c, const struct wire_req *r,
		    struct diag_list *out, bool *fatal, long *parse_ms,
		    struct memo_kept *kept);

/*
 * After a first parse: re-parse @r's file once, unchanged, so that
 * libclang builds its preamble before the next edit needs it. Returns
 * true if it did.
 */
bool tu_cache_warm(struct tu_cache *c, const struct wire_req *r);

void tu_cache_close(struct tu_cache *c, const char *path);

#endif
