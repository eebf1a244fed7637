/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --shard K/N: a stable 1/N of the compile database, so that N CI jobs
 * each check their part into a facts store of their own, and one job
 * pairs the merged stores (merge-facts, --pair-only).
 */
#ifndef ORDERCHECK_SHARD_H
#define ORDERCHECK_SHARD_H

#include "../tu/frontend.h"

/* "K/N" with 1 <= K <= N: 0, else -1 after saying why on stderr. */
int shard_parse(const char *text, unsigned *k, unsigned *n);

/*
 * Keep in @jobs only shard @k of @n (1-based), dropping the others in
 * place. A file's shard depends on its path relative to @db_dir alone,
 * so it is the same on every machine and stays put as files come and go.
 */
void shard_select(struct tu_job *jobs, unsigned *njobs, const char *db_dir,
		  unsigned k, unsigned n);

#endif
