// SPDX-License-Identifier: GPL-2.0
/* Checking one file end to end: parse, analyse, messages about the file. */
#include "check.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../pairs/inputs.h"

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

void check_job(const struct tu_job *job, void *arg, struct job_result *out)
{
	/* created after fork(), in the process that uses it */
	static CXIndex idx;
	static struct input_cache *inputs;
	struct check_opts *o = arg;
	CXTranslationUnit tu;

	test_hooks(job->file);
	if (!idx)
		idx = clang_createIndex(0, 0);
	if (frontend_parse(idx, job, &o->frontend, NULL, &tu, &out->diags))
		return;
	analyze_tu(tu, &o->analyze, &out->diags, &out->facts);
	if (o->inputs) {
		/* headers repeat from file to file: hash each once per worker */
		if (!inputs)
			inputs = input_cache_new();
		inputs_write(tu, inputs, &out->inputs);
	}
	clang_disposeTranslationUnit(tu);
}
