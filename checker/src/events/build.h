/* SPDX-License-Identifier: GPL-2.0 */
/* Building the event IR from a libclang translation unit. */
#ifndef ORDERCHECK_EVENTS_BUILD_H
#define ORDERCHECK_EVENTS_BUILD_H

#include <clang-c/Index.h>

#include "tu.h"

struct build_hooks;

/*
 * Header functions already analysed by this process, so that a header
 * included by every file is read once per worker. The builder's own,
 * not a memo's: both the editor and the command line mark the header
 * functions they report on again as repeats (events.h) from it.
 */
struct seen_set;
struct seen_set *seen_new(void);
void seen_free(struct seen_set *s);
/* What a build adds from here on, seen_rollback() takes back. */
void seen_mark(struct seen_set *s);
void seen_rollback(struct seen_set *s);

struct build_opts {
	bool old_bitops; /* test_and_*_bit() unordered on failure (< v6.0) */
	const char *base_dir; /* file names are shown relative to it */
	struct seen_set *seen; /* may be NULL */
	/* what is kept between builds (seam.h), or NULL */
	const struct build_hooks *hooks;
	void *hooks_ctx;
	/* the TU may have a precompiled preamble (the editor's) */
	bool preamble;
	/*
	 * The TU was parsed under an index that excludes the PCH's
	 * declarations and may have a preamble: its walk may show only
	 * what was parsed after it, the rest is the memo's (@hooks).
	 */
	bool local_view;
	/* --dialect=NAME: its enum oc_dialect + 1; 0: from what the TU
	 * includes */
	int dialect;
};

/*
 * events_build_tu()'s answer when @opts->local_view and the prefix memo
 * cannot make up for what the view does not show (none recorded yet, a
 * directive changed): the TU is to be parsed anew, without a preamble.
 */
#define EVENTS_NEED_FULL_VIEW 1

/* events_build_tu()'s answer when it needed a body blanked (seam.h) */
#define EVENTS_NEED_BODIES 2

int events_build_tu(CXTranslationUnit tu, const struct build_opts *opts,
		    struct tu_ir *out);

#endif
