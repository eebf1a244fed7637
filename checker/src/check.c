// SPDX-License-Identifier: GPL-2.0
/* Checking one file end to end: parse, analyse, messages about the file. */
#include "check.h"

#include <stdlib.h>

void check_job(const struct tu_job *job, void *arg, struct diag_list *out)
{
	/* created after fork(), in the process that uses it */
	static CXIndex idx;
	struct check_opts *o = arg;
	CXTranslationUnit tu;

	if (!idx)
		idx = clang_createIndex(0, 0);
	if (frontend_parse(idx, job, &o->frontend, &tu, out))
		return;
	analyze_tu(tu, &o->analyze, out);
	clang_disposeTranslationUnit(tu);
}
