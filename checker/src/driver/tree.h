/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Checking a set of files as one tree: reuse what the facts store holds
 * for unchanged files, check the others in worker processes, store what
 * they gave, then run the tree rules over the facts of the whole store
 * (rules/tree_context.h) and the sinks after them (pairs/litmus.h).
 */
#ifndef ORDERCHECK_TREE_H
#define ORDERCHECK_TREE_H

#include "../pairs/litmus.h"
#include "../rules/tree_explain.h"
#include "check.h"

struct tree_opts {
	const char *facts; /* the store's path, or NULL for none */
	unsigned nworkers, timeout;
	struct litmus_opts litmus; /* --emit-litmus, --herd */
	const struct tree_explain *explain; /* --explain, or NULL */
	/* what besides a file's command decides its findings (our flags) */
	const char *config;
	bool quiet; /* no "N of M files unchanged" line */
	/* --verify: stored facts that cannot be read back fail the run (a
	 * facts format bug would otherwise only cost findings) */
	bool strict;
	bool stats; /* --stats: each phase's time and size on stderr */
	bool pair_only; /* --pair-only: no parsing, pair the whole store */
	bool shard; /* --shard: store the facts, leave pairing to --pair-only */
	/*
	 * The jobs are (a part of) a compile database: a stored row of a file
	 * it no longer has is stale, neither paired nor, where the database
	 * is known whole (@db, or the jobs themselves), kept in the store
	 */
	bool from_db;
	/* the whole database where the jobs are a part of it, else NULL */
	const struct tu_job *db;
	unsigned ndb;
	bool part; /* the jobs are the files named on the command line */
};

/*
 * Check @jobs into @out (sorted). Returns 0, or -1 when the run could not
 * be made (workers, a store that cannot be opened), with why on stderr.
 */
int tree_check(struct tu_job *jobs, unsigned njobs, const struct tree_opts *o,
	       struct check_opts *co, struct diag_list *out);

/* "ordercheck merge-facts DST SRC...": the main() of that command. */
int tree_merge_main(int argc, char **argv);

#endif
