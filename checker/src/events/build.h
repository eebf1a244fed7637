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
struct seen_set *seen_new(void);
void seen_free(struct seen_set *s);

struct build_opts {
	bool old_bitops; /* test_and_*_bit() unordered on failure (< v6.0) */
	const char *base_dir; /* file names are shown relative to it */
	struct seen_set *seen; /* may be NULL */
	/* --dialect=NAME: its enum oc_dialect + 1; 0: from what the TU
	 * includes */
	int dialect;
};

int events_build_tu(CXTranslationUnit tu, const struct build_opts *opts,
		    struct tu_ir *out);

#endif
