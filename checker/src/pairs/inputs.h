/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The files a translation unit was read from, as the facts store records
 * them: an unchanged file is one whose command and every input are the
 * same (what ccache's direct mode checks), so it is not parsed again.
 */
#ifndef ORDERCHECK_PAIRS_INPUTS_H
#define ORDERCHECK_PAIRS_INPUTS_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "../util.h"

/* Sizes, times and content hashes of files, each read at most once. */
struct input_cache;
struct input_cache *input_cache_new(void);
void input_cache_free(struct input_cache *c);

/*
 * Every file @tu read (the source and each header), one line each:
 * "path TAB size TAB mtime-ns TAB content-hash".
 */
void inputs_write(CXTranslationUnit tu, struct input_cache *c,
		  struct strbuf *out);

/*
 * True if every file of @text (what inputs_write() wrote) has the same
 * contents now: the same size and time, or else the same content hash.
 */
bool inputs_unchanged(const char *text, struct input_cache *c);

#endif
