/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Barriers beside a call, over the whole tree: a fence (smp_mb(), or
 * smp_mb__before/after_atomic()) directly after a call whose callee, in
 * any file of the tree, ends on every path with a fully ordered operation,
 * or directly before one whose callee begins with one. It names no rule:
 * ../rules/redundant.c judges.
 */
#ifndef ORDERCHECK_PAIRS_NEIGHBOURS_H
#define ORDERCHECK_PAIRS_NEIGHBOURS_H

#include "pairing.h"

struct fence_neighbour {
	unsigned fn, at; /* the fence: set->fns[fn].v[at] */
	bool after; /* the call is before the fence: its callee's exit */
	const char *callee; /* the function called beside the fence */
	/* the fully ordered fact it ends (begins) with, where it is written */
	const struct fact *edge;
	const char *edge_in; /* the function that holds it */
	const char *edge_file;
	unsigned edge_line, edge_col;
};

/* Call @fn on each such fence of @set, a SHAPE_NEIGHBOUR candidate. */
void neighbours_find(const struct fact_set *set,
		     void (*fn)(const struct pair_candidate *c, void *arg),
		     void *arg);

#endif
