/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Callees inlined: every function of a fact_set gets, in place of a call
 * of a small function the tree defines, that function's facts (and its
 * callees', two calls deep), so that the pairing pass sees a side whose
 * data store or flag read is done by a helper.
 */
#ifndef ORDERCHECK_PAIRS_INLINE_H
#define ORDERCHECK_PAIRS_INLINE_H

#include "facts.h"

/*
 * Rewrite every function of @s with its callees inlined; each fact then
 * has a struct fact_via saying where it comes from. An inlined fact is
 * placed at the call: its file, line and column are the call's.
 */
void facts_inline_callees(struct fact_set *s);

/* The own fact of @fn that fact @i stands at (the call, if inlined). */
static inline unsigned facts_pos(const struct fact_fn *fn, unsigned i)
{
	return fn->via ? fn->via[i].pos : i;
}

/* Where fact @f of @fn came from, or NULL if it is @fn's own. */
static inline const struct fact_via *facts_via(const struct fact_fn *fn,
					       const struct fact *f)
{
	const struct fact_via *v = fn->via ? &fn->via[f - fn->v] : NULL;

	return v && v->depth ? v : NULL;
}

#endif
