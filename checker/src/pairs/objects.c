// SPDX-License-Identifier: GPL-2.0
/*
 * Objects told apart by their paths. A path's components are separated
 * by '.': a variable, then members ("x~N" for a member of union N: it
 * overlaps its siblings) and elements ("[2]", or "[]" for an index not a
 * constant).
 */
#include "objects.h"

#include <stdbool.h>
#include <string.h>

/* The length of the component at @s. */
static size_t comp_len(const char *s)
{
	const char *dot = strchr(s, '.');

	return dot ? (size_t)(dot - s) : strlen(s);
}

static bool any_index(const char *s, size_t n)
{
	return n == 2 && s[0] == '[' && s[1] == ']';
}

/* Two different members or elements of one object are two objects, but
 * for members of one union. */
static bool apart(const char *a, size_t na, const char *b, size_t nb)
{
	const char *ua = memchr(a, '~', na), *ub = memchr(b, '~', nb);

	if (any_index(a, na) || any_index(b, nb))
		return false;
	if (!ua || !ub)
		return true;
	return na - (size_t)(ua - a) != nb - (size_t)(ub - b) ||
	       memcmp(ua, ub, na - (size_t)(ua - a));
}

enum obj_rel objects_relation(const char *a, const char *b)
{
	size_t na, nb;
	bool root = true;

	if (!a || !b)
		return OBJ_UNKNOWN;
	if (!strcmp(a, b))
		return strstr(a, "[]") ? OBJ_UNKNOWN : OBJ_SAME;
	for (;;) {
		na = comp_len(a);
		nb = comp_len(b);
		/* two pointers may point at one object */
		if (na != nb || memcmp(a, b, na))
			return !root && apart(a, na, b, nb) ? OBJ_DISTINCT :
							      OBJ_UNKNOWN;
		/* an element of unknown index may be any other */
		if (any_index(a, na) || !a[na] || !b[nb])
			return OBJ_UNKNOWN;
		a += na + 1;
		b += nb + 1;
		root = false;
	}
}
