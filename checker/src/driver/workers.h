/* SPDX-License-Identifier: GPL-2.0 */
/* Checking many files in worker processes: a crash or hang loses one file. */
#ifndef ORDERCHECK_WORKERS_H
#define ORDERCHECK_WORKERS_H

#include "../diag.h"
#include "../tu/frontend.h"
#include "../util.h"

/*
 * What checking one file gives: findings and messages, and for the facts
 * store the file's facts and the inputs it was read from (text forms).
 */
struct job_result {
	struct diag_list diags;
	struct strbuf facts, inputs;
	bool done; /* checked, not lost to a crash or timeout */
	/* CPU seconds of the worker: libclang's parse, and the rest (--stats) */
	double parse_cpu, rest_cpu;
	/* header bodies blanked (bodies/bodies.h), and parses done again whole */
	unsigned blanked, blank_misses;
};

void job_result_free(struct job_result *r);

/* Check one job in this process. */
typedef void (*worker_fn)(const struct tu_job *job, void *arg,
			  struct job_result *out);

/*
 * Run @fn on the jobs @todo marks (all if NULL) with up to @nworkers
 * processes (0: in this process), each into its own @results[i]. A worker
 * that dies or runs over @timeout seconds on a file is reported as an
 * error for that file (named relative to @base) and replaced.
 */
int workers_run(struct tu_job *jobs, unsigned njobs, const bool *todo,
		unsigned nworkers, unsigned timeout, const char *base,
		worker_fn fn, void *arg, struct job_result *results);

#endif
