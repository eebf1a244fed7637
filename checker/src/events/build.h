/* SPDX-License-Identifier: GPL-2.0 */
/* Building the event IR from a libclang translation unit. */
#ifndef ORDERCHECK_EVENTS_BUILD_H
#define ORDERCHECK_EVENTS_BUILD_H

#include <clang-c/Index.h>

#include "tu.h"

/*
 * Header functions already analysed by this process, so that a header
 * included by every file is read once per worker.
 */
struct seen_set;
struct phantom_set;
struct phantom_set *phantoms_new(void);
void phantoms_free(struct phantom_set *p);
struct seen_set *seen_new(void);
void seen_free(struct seen_set *s);
/* What a build adds from here on, seen_rollback() takes back. */
void seen_mark(struct seen_set *s);
void seen_rollback(struct seen_set *s);
struct scan_memo;
struct scan_memo *scans_new(void);
void scans_free(struct scan_memo *m);

/*
 * The dialect a TU's inclusions vote for (clang_getInclusions(), which
 * reads every source-location entry of a precompiled preamble), kept
 * between re-checks of one file: valid while the main file's
 * preprocessor lines and every file it includes are as they were.
 */
struct include_memo;
struct include_memo *include_memo_new(void);
void include_memo_free(struct include_memo *m);

/*
 * The functions a TU's headers define before the main file's first
 * function, built once and kept between re-checks of one file (the
 * editor's worker; prefix.c): a re-check builds the main file's
 * functions only, while the text before its first function and every
 * file it includes are as they were.
 */
struct prefix_memo;
struct prefix_memo *prefix_memo_new(void);
void prefix_memo_free(struct prefix_memo *m);
/*
 * The functions the last build took from @m, of headers and of the main
 * file, and the macro definitions and expansions, of its table's @table
 * (a local view's)
 */
struct memo_kept {
	unsigned header, main, record, table;
};
struct memo_kept prefix_memo_reused(const struct prefix_memo *m);
/*
 * False when a local view of the TU (build_opts) cannot be made up for
 * from @m: a header function the memo builds again at each check is not
 * found where it was recorded (one a macro writes: clang_getCursor()
 * gives the expansion), or the view's first macro is not the record's.
 * Its re-checks are to walk the whole TU.
 */
bool prefix_memo_local_ok(const struct prefix_memo *m);

struct build_opts {
	bool old_bitops; /* test_and_*_bit() unordered on failure (< v6.0) */
	const char *base_dir; /* file names are shown relative to it */
	struct seen_set *seen; /* may be NULL */
	struct scan_memo *scans; /* may be NULL */
	struct include_memo *includes; /* may be NULL */
	struct prefix_memo *prefix; /* may be NULL; needs @includes */
	/*
	 * The TU was parsed under an index that excludes the PCH's
	 * declarations and may have a preamble: its walk may show only
	 * what was parsed after it, the rest is the prefix memo's.
	 */
	bool local_view;
	/* --dialect=NAME: its enum oc_dialect + 1; 0: from what the TU
	 * includes */
	int dialect;
	/*
	 * Whether the body of the function whose name is at @off of @f was
	 * blanked before the parse (tu/bodies.h): BLANKED, or BLANKED_PRIM
	 * if its text (as it was) names a primitive; 0 if not. NULL: none was.
	 */
	int (*blanked)(void *ctx, CXFile f, unsigned off);
	void *blanked_ctx;
	/* the header functions built, for the TUs that blank them */
	struct phantom_set *phantoms;
};

/*
 * events_build_tu()'s answer when @opts->local_view and the prefix memo
 * cannot make up for what the view does not show (none recorded yet, a
 * directive changed): the TU is to be parsed anew, without a preamble.
 */
#define EVENTS_NEED_FULL_VIEW 1
#define BLANKED 1
#define BLANKED_PRIM 2

/* events_build_tu()'s answer when it needed a body @opts->blanked blanked */
#define EVENTS_NEED_BODIES 2

int events_build_tu(CXTranslationUnit tu, const struct build_opts *opts,
		    struct tu_ir *out);

#endif
