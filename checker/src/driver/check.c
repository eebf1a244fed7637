// SPDX-License-Identifier: GPL-2.0
/* Checking one file end to end: parse, analyse, messages about the file. */
#include "check.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../pairs/inputs.h"
#include "../bodies/bodies.h"
#include "../bodies/worker.h"

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

/*
 * What one worker process keeps across the TUs it checks, created after
 * fork(), in the process that uses it (check_opts.worker).
 */
struct worker {
	CXIndex idx;
	struct worker_memo *memo; /* bodies/worker.h */
	struct input_cache *inputs;
};

struct blanking {
	struct body_memo *memo;
	const char *base; /* where the IR's paths are relative to */
};

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

/* @o's analysis, with what the worker keeps under it */
static struct analyze_opts analyze_opts(const struct check_opts *o,
					struct worker *w)
{
	struct analyze_opts ao = o->analyze;

	ao.build.hooks = &worker_memo_hooks;
	ao.build.hooks_ctx = w->memo;
	return ao;
}

/*
 * Parse and analyse @job with the header bodies it seems not to need
 * blanked (bodies/bodies.h); if the analysis needs one after all, parse
 * the file whole and analyse it again.
 */
static int check_blanked(struct worker *w, const struct tu_job *job,
			 const struct check_opts *o, CXTranslationUnit *tu,
			 struct job_result *out)
{
	struct blanking bl = { .memo = w->memo->bodies,
			       .base = o->frontend.base_dir };
	struct analyze_opts ao = analyze_opts(o, w);
	struct body_plan plan;
	double t0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID), t1;
	int rc;

	bodies_plan(bl.memo, job, &plan);
	rc = frontend_parse_headers(w->idx, job, &o->frontend, plan.files,
				    plan.n, tu, &out->diags);
	t1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
	out->parse_cpu += t1 - t0;
	if (rc)
		goto out;
	/* first: a function its first build describes must be known */
	bodies_learn(bl.memo, *tu, job);
	ao.built = built;
	ao.built_arg = &bl;
	worker_memo_tu(w->memo, plan.nblanked ? &plan : NULL);
	seen_mark(ao.build.seen);
	rc = analyze_tu(*tu, &ao, &out->diags, &out->facts);
	if (rc == EVENTS_NEED_BODIES) {
		seen_rollback(ao.build.seen);
		clang_disposeTranslationUnit(*tu);
		out->blank_misses++;
		out->rest_cpu += clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t1;
		t1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
		rc = frontend_parse(w->idx, job, &o->frontend, NULL, tu,
				    &out->diags);
		out->parse_cpu += clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t1;
		t1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
		if (rc)
			goto out;
		plan.nblanked = 0;
		worker_memo_tu(w->memo, NULL);
		ao = analyze_opts(o, w);
		ao.built = built;
		ao.built_arg = &bl;
		analyze_tu(*tu, &ao, &out->diags, &out->facts);
	} else {
		out->blanked += plan.nblanked;
	}
	out->rest_cpu += clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t1;
out:
	worker_memo_tu(w->memo, NULL);
	bodies_plan_free(&plan);
	return rc;
}

void check_job(const struct tu_job *job, void *arg, struct job_result *out)
{
	struct check_opts *o = arg;
	struct worker *w = o->worker;
	CXTranslationUnit tu;
	/*
	 * The process's CPU time: libclang parses on a thread of its own,
	 * and a worker checks one file at a time.
	 */
	double t0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID), t1;
	int rc;

	test_hooks(job->file);
	if (!w) {
		w = o->worker = xcalloc(1, sizeof(*w));
		w->idx = clang_createIndex(0, 0);
		w->memo = worker_memo_new(o->blank_bodies);
	}
	if (o->blank_bodies) {
		if (check_blanked(w, job, o, &tu, out))
			return;
	} else {
		struct analyze_opts ao = analyze_opts(o, w);

		rc = frontend_parse(w->idx, job, &o->frontend, NULL, &tu,
				    &out->diags);
		t1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
		out->parse_cpu = t1 - t0;
		if (rc)
			return;
		analyze_tu(tu, &ao, &out->diags, &out->facts);
		out->rest_cpu = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t1;
	}
	t1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
	if (o->inputs) {
		/* headers repeat from file to file: hash each once per worker */
		if (!w->inputs)
			w->inputs = input_cache_new();
		inputs_write(tu, w->inputs, &out->inputs);
	}
	clang_disposeTranslationUnit(tu);
	out->rest_cpu += clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t1;
}

void check_done(struct check_opts *o)
{
	struct worker *w = o->worker;

	if (!w)
		return;
	clang_disposeIndex(w->idx);
	worker_memo_free(w->memo);
	if (w->inputs)
		input_cache_free(w->inputs);
	free(w);
	o->worker = NULL;
}
