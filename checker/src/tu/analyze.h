/* SPDX-License-Identifier: GPL-2.0 */
/* The driver for one translation unit: events, function rules, facts. */
#ifndef ORDERCHECK_ANALYZE_H
#define ORDERCHECK_ANALYZE_H

#include <clang-c/Index.h>
#include <stdio.h>

#include "../diag.h"
#include "../events/build.h"

struct analyze_opts {
	struct build_opts build;
	FILE *dump_ir; /* --dump-ir: where to print the events, or NULL */
	/* each function built, before the IR is freed; may be NULL */
	void (*built)(void *arg, const struct tu_ir *ir,
		      const struct function_ir *fn);
	void *built_arg;
};

struct strbuf;

/*
 * @facts: where to write the TU's facts (pairs/facts.h), or NULL. Returns
 * EVENTS_NEED_BODIES, having added nothing to @out, when the TU needed a
 * body blanked before the parse (build.blanked).
 */
int analyze_tu(CXTranslationUnit tu, const struct analyze_opts *opts,
	       struct diag_list *out, struct strbuf *facts);

#endif
