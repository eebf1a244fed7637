/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The partner a "pairs with" comment names, held against what that
 * partner does: a barrier whose named partner orders nothing at all, and
 * a compiler barrier whose comment pairs it with another CPU's barrier.
 */
#ifndef ORDERCHECK_PAIRS_NAMED_H
#define ORDERCHECK_PAIRS_NAMED_H

#include <stdbool.h>
#include <stddef.h>

#include "facts.h"

struct summaries;

enum named_problem {
	NAMED_OK,
	/* the function the comment names orders none of its accesses */
	NAMED_PARTNER_UNORDERED,
	/* barrier() with a comment that pairs it with a CPU barrier */
	NAMED_COMPILER_ONLY,
};

struct named_partner {
	enum named_problem problem;
	const char *comment; /* the fence's comment */
	const char *partner; /* the function it names (NAMED_PARTNER_...) */
	unsigned pfn; /* its definition in the set */
	const struct fact *at; /* where in it to report: NULL for its first */
	/* NAMED_COMPILER_ONLY: the CPU barrier this side needs instead */
	const char *cpu_fix;
	char buf[128]; /* the storage of @partner */
};

/*
 * The functions a "pairs with" comment names ("foo()" -> foo, not the
 * primitives it names), at most @max, in @buf: how many.
 */
unsigned named_functions(const char *c, const char **names, unsigned max,
			 char *buf, size_t bufsize);

/*
 * What the comment beside the fence @fn's fact @at says against the tree
 * in @set. NAMED_OK where it says nothing we can hold it to: no comment,
 * a named function not in the tree or that may order (a lock, a call we
 * cannot see into), or a primitive's name only.
 */
enum named_problem named_partner_check(const struct fact_set *set,
				       const struct summaries *sums,
				       unsigned fn, unsigned at,
				       struct named_partner *out);

#endif
