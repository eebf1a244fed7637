/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What herd7 says of each two-thread shape with each pair of ordering
 * kinds: the table vocab/verdicts.def, generated from the LKMM of Linux
 * 6.1 and RC11, compiled in as a lookup.
 */
#ifndef ORDERCHECK_VERDICTS_H
#define ORDERCHECK_VERDICTS_H

enum verdict {
	VERDICT_UNKNOWN, /* the table has no such row */
	VERDICT_ALLOWED, /* the outcome the shape is named for can happen */
	VERDICT_FORBIDDEN,
};

/*
 * The verdict of @shape ("MP", "S", "SB", "LB", "R", "TWO_PLUS_TWO_W")
 * under @model ("LKMM" or "RC11") where P0 orders its two accesses with
 * @kind0 and P1 with @kind1 ("NONE", "MB", "ACQUIRE", "RLX", ...: the
 * kinds verdicts.def lists), and the name of its litmus test in *@test
 * (or NULL).
 */
enum verdict verdict_lookup(const char *model, const char *shape,
			    const char *kind0, const char *kind1,
			    const char **test);

#endif
