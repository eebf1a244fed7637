// SPDX-License-Identifier: GPL-2.0
/*
 * Quiet: job_sync() (sync.c) orders the two stores with smp_mb(); its
 * summary says so, where the call alone would hide it.
 */
#include "cfg.h"
// expect-no-diagnostics

void job_queue(struct job *j, int v)
{
	WRITE_ONCE(j->arg, v);
	job_sync();
	WRITE_ONCE(j->queued, 1);
}

int job_take(struct job *j)
{
	if (!smp_load_acquire(&j->queued))
		return -1;
	return READ_ONCE(j->arg);
}
