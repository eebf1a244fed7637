/* SPDX-License-Identifier: GPL-2.0 */
/* Checking many files in worker processes: a crash or hang loses one file. */
#ifndef ORDERCHECK_WORKERS_H
#define ORDERCHECK_WORKERS_H

#include "diag.h"
#include "frontend.h"

/* Check one job in this process, appending findings and messages to @out. */
typedef void (*worker_fn)(const struct tu_job *job, void *arg,
			  struct diag_list *out);

/*
 * Run @fn on every job with up to @nworkers processes (0: in this process)
 * and merge everything into @out, sorted, whatever the number of workers.
 * A worker that dies or runs over @timeout seconds on a file is reported as
 * an error for that file and replaced.
 */
int workers_run(struct tu_job *jobs, unsigned njobs, unsigned nworkers,
		unsigned timeout, worker_fn fn, void *arg,
		struct diag_list *out);

#endif
