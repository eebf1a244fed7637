// SPDX-License-Identifier: GPL-2.0
/* Checking one file end to end: parse, analyse, messages about the file. */
#include "check.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * Test hooks for the crash and timeout isolation of the worker pool
 * (testcases/cli): die or hang on files whose path contains the value.
 */
static void test_hooks(const char *file)
{
	const char *crash = getenv("ORDERCHECK_TEST_CRASH_ON");
	const char *hang = getenv("ORDERCHECK_TEST_HANG_ON");

	if (crash && *crash && strstr(file, crash))
		raise(SIGSEGV);
	if (hang && *hang && strstr(file, hang))
		for (;;)
			pause();
}

void check_job(const struct tu_job *job, void *arg, struct diag_list *out)
{
	/* created after fork(), in the process that uses it */
	static CXIndex idx;
	struct check_opts *o = arg;
	CXTranslationUnit tu;

	test_hooks(job->file);
	if (!idx)
		idx = clang_createIndex(0, 0);
	if (frontend_parse(idx, job, &o->frontend, &tu, out))
		return;
	analyze_tu(tu, &o->analyze, out);
	clang_disposeTranslationUnit(tu);
}
