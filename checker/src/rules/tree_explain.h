/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --explain FILE:LINE: every candidate the pairing pass considered for the
 * accesses on one line, and why it was or was not reported, so that "why
 * is this not reported?" has an answer a user can read.
 */
#ifndef ORDERCHECK_RULES_TREE_EXPLAIN_H
#define ORDERCHECK_RULES_TREE_EXPLAIN_H

#include <stdbool.h>
#include <stdio.h>

#include "../diag.h"
#include "../pairs/pairing.h"

struct tree_explain {
	const char *file; /* as the user wrote it: matched as a path suffix */
	unsigned line, last; /* the lines explained: line..last */
	FILE *out;
};

/*
 * Parse "FILE:LINE" or "FILE:LINE-LAST" into @ex; -1 with a message on
 * stderr if it is neither.
 */
int tree_explain_parse(const char *arg, struct tree_explain *ex);

/* @file:@line is one of @ex's lines. */
bool tree_explain_on_line(const struct tree_explain *ex, const char *file,
			  unsigned line);

/* The candidate has an access of its sides on @ex's line. */
bool tree_explain_wants(const struct tree_explain *ex,
			const struct pair_candidate *c);

/* What the line's accesses are, as the pairing sees them. */
void tree_explain_facts(const struct tree_explain *ex,
			const struct fact_set *set);

/*
 * One candidate and what came of it: @reason (and @detail) where the
 * engine dropped it; else the findings @out[n0..) the rules made of it.
 */
void tree_explain_candidate(const struct tree_explain *ex,
			    const struct pair_candidate *c, const char *reason,
			    const char *detail, const struct diag_list *out,
			    unsigned n0);

#endif
