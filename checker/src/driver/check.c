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
	/*
	 * The process's CPU time: libclang parses on a thread of its own,
	 * and a worker checks one file at a time.
	 */
	double t0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID), t1;
	int rc;

	test_hooks(job->file);
	if (!idx)
		idx = clang_createIndex(0, 0);
	rc = frontend_parse(idx, job, &o->frontend, NULL, &tu, &out->diags);
	t1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
	out->parse_cpu = t1 - t0;
	if (rc)
		return;
	analyze_tu(tu, &o->analyze, &out->diags, &out->facts);
	if (o->inputs) {
		/* headers repeat from file to file: hash each once per worker */
		if (!inputs)
			inputs = input_cache_new();
		inputs_write(tu, inputs, &out->inputs);
	}
	clang_disposeTranslationUnit(tu);
	out->rest_cpu = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t1;
}
