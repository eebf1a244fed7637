/* SPDX-License-Identifier: GPL-2.0 */
/* Building the event IR from a libclang translation unit. */
#ifndef ORDERCHECK_EVENTS_BUILD_H
#define ORDERCHECK_EVENTS_BUILD_H

#include <clang-c/Index.h>

#include "events.h"

struct arena;

/*
 * The files events point into: display name, text and line starts, read
 * once per TU. (Each clang_getFileContents() or getLocationForOffset()
 * call scans every source-location entry of the TU: kernel TUs have
 * hundreds of thousands.)
 */
struct ir_file {
	CXFile file;
	const char *display;
	const char *buf;
	size_t len;
	unsigned *lines; /* offsets of line starts, built on first use */
	unsigned nlines;
};

struct tu_ir {
	struct function_ir **fns;
	unsigned nfns;
	struct ir_file **files;
	unsigned nfiles;
	struct arena *arena;
};

/* The text of the file an event's span names, or NULL. */
const char *events_file_text(const struct tu_ir *ir, const char *display,
			     size_t *len);

/* 1-based line and column of byte @off of that file, from its line index. */
void events_line_col(const struct tu_ir *ir, const char *display, unsigned off,
		     unsigned *line, unsigned *col);

/*
 * Header functions already analysed by this process, so that a header
 * included by every file is read once per worker (see seen_*).
 */
struct seen_set;
struct seen_set *seen_new(void);
void seen_free(struct seen_set *s);

struct build_opts {
	bool old_bitops; /* test_and_*_bit() unordered on failure (< v6.0) */
	struct seen_set *seen; /* may be NULL */
};

int events_build_tu(CXTranslationUnit tu, const struct build_opts *opts,
		    struct tu_ir *out);
void events_free_tu(struct tu_ir *ir);

#endif
