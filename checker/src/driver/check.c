// SPDX-License-Identifier: GPL-2.0
/* Checking one file end to end: parse, analyse, messages about the file. */
#include "check.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../pairs/inputs.h"
#include "../tu/bodies.h"

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

/* A worker's memo of header bodies (tu/bodies.h), and the TU's plan. */
struct blanking {
	struct body_memo *memo;
	struct body_plan plan;
	const char *base; /* where the IR's paths are relative to */
};

static int was_blanked(void *arg, CXFile f, unsigned off)
{
	struct blanking *bl = arg;

	return bodies_plan_blanked(bl->memo, &bl->plan, f, off);
}

static void built(void *arg, const struct tu_ir *ir,
		  const struct function_ir *fn)
{
	struct blanking *bl = arg;
	char *path;

	(void)ir;
	if (!fn->in_header || !fn->span.file)
		return;
	path = bodies_file_path(fn->span.file, bl->base);
	bodies_note_built(bl->memo, path, fn);
	free(path);
}

/*
 * Parse and analyse @job with the header bodies it seems not to need
 * blanked (tu/bodies.h); if the analysis needs one after all, parse the
 * file whole and analyse it again.
 */
static int check_blanked(CXIndex idx, const struct tu_job *job,
			 const struct check_opts *o, CXTranslationUnit *tu,
			 struct job_result *out)
{
	static struct body_memo *memo;
	static struct phantom_set *phantoms;
	struct blanking bl = { .base = o->frontend.base_dir };
	struct analyze_opts ao = o->analyze;
	double t0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID), t1;
	int rc;

	if (!memo) {
		memo = bodies_new();
		phantoms = phantoms_new();
	}
	bl.memo = memo;
	bodies_plan(memo, job, &bl.plan);
	rc = frontend_parse_headers(idx, job, &o->frontend, bl.plan.files,
				    bl.plan.n, tu, &out->diags);
	t1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
	out->parse_cpu += t1 - t0;
	if (rc)
		goto out;
	/* first: a function its first build describes must be known */
	bodies_learn(memo, *tu, job);
	ao.built = built;
	ao.built_arg = &bl;
	ao.build.phantoms = phantoms;
	if (bl.plan.nblanked) {
		ao.build.blanked = was_blanked;
		ao.build.blanked_ctx = &bl;
	}
	seen_mark(ao.build.seen);
	rc = analyze_tu(*tu, &ao, &out->diags, &out->facts);
	if (rc == EVENTS_NEED_BODIES) {
		seen_rollback(ao.build.seen);
		clang_disposeTranslationUnit(*tu);
		out->blank_misses++;
		out->rest_cpu += clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t1;
		t1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
		rc = frontend_parse(idx, job, &o->frontend, NULL, tu,
				    &out->diags);
		out->parse_cpu += clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t1;
		t1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
		if (rc)
			goto out;
		bl.plan.nblanked = 0;
		ao = o->analyze;
		ao.built = built;
		ao.built_arg = &bl;
		ao.build.phantoms = phantoms;
		analyze_tu(*tu, &ao, &out->diags, &out->facts);
	} else {
		out->blanked += bl.plan.nblanked;
	}
	out->rest_cpu += clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t1;
out:
	bodies_plan_free(&bl.plan);
	return rc;
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
	if (o->blank_bodies) {
		if (check_blanked(idx, job, o, &tu, out))
			return;
	} else {
		rc = frontend_parse(idx, job, &o->frontend, NULL, &tu,
				    &out->diags);
		t1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
		out->parse_cpu = t1 - t0;
		if (rc)
			return;
		analyze_tu(tu, &o->analyze, &out->diags, &out->facts);
		out->rest_cpu = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t1;
	}
	t1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
	if (o->inputs) {
		/* headers repeat from file to file: hash each once per worker */
		if (!inputs)
			inputs = input_cache_new();
		inputs_write(tu, inputs, &out->inputs);
	}
	clang_disposeTranslationUnit(tu);
	out->rest_cpu += clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t1;
}
