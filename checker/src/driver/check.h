/* SPDX-License-Identifier: GPL-2.0 */
/* Checking one file end to end: parse, analyse, messages about the file. */
#ifndef ORDERCHECK_CHECK_H
#define ORDERCHECK_CHECK_H

#include <stdio.h>

#include "../tu/frontend.h"
#include "../tu/analyze.h"
#include "workers.h"

struct check_opts {
	struct frontend_opts frontend;
	struct analyze_opts analyze;
	bool inputs; /* record the files each TU reads (the facts store) */
	bool blank_bodies; /* blank the header bodies a TU cannot need */
	/* what a worker process keeps: NULL until its first TU (check.c) */
	struct worker *worker;
};

/* A worker_fn: what it keeps (an index, memos) is made on first use. */
void check_job(const struct tu_job *job, void *opts, struct job_result *out);
/* What check_job() kept in this process, freed. */
void check_done(struct check_opts *o);

#endif
