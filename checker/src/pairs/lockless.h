/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lockless plain reads of published pointers, judged over the whole
 * tree: a plain load of a location that some function publishes
 * (rcu_assign_pointer(), a release, a marked store after a write
 * barrier), dereferenced after it, where no access of that location
 * anywhere in the tree holds a lock, so that no lock can be what
 * protects the read. It names no rule: ../rules/addr_deps.c judges.
 */
#ifndef ORDERCHECK_PAIRS_LOCKLESS_H
#define ORDERCHECK_PAIRS_LOCKLESS_H

#include "pairing.h"

struct plain_read {
	unsigned fn, at; /* the plain load: set->fns[fn].v[at] */
	unsigned deref; /* an access through the pointer it read */
	const struct fact *publish; /* the publishing store */
	const char *publisher; /* the function it is in */
};

/* Call @fn on each such read of @set, a SHAPE_PLAIN_READ candidate. */
void lockless_find(const struct fact_set *set,
		   void (*fn)(const struct pair_candidate *c, void *arg),
		   void *arg);

#endif
