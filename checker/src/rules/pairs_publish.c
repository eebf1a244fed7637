// SPDX-License-Identifier: GPL-2.0
/*
 * A publication that a dependency reader trusts: the reader loads a
 * pointer with rcu_dereference() or READ_ONCE() and reads a field through
 * it, which orders its two reads only if the pointer was stored with
 * release semantics after the field; the writer stores the field and then
 * the pointer with WRITE_ONCE(), nothing between, and no release after
 * them that would publish the object instead. pair-missing-release
 * reports these (its other dependency-ordered readers it leaves: their
 * writers mostly initialise an object that a later release publishes).
 */
#include <string.h>

#include "../vocab/vocab.h"
#include "../pairs/inline.h"
#include "pairs_shapes.h"

/* How far after the pointer store a later publication may stand. */
enum { FAR = 24 };

static bool publishes(const struct fact *f)
{
	return f->cls == OC_REL_STORE || f->cls == OC_PUBLISH ||
	       f->cls == OC_RMW_REL || f->cls == OC_RMW_FULL ||
	       (f->op == FO_FENCE && !(f->flags & (F_SIDE | F_WAKE)));
}

/* @w's function publishes or orders something after its pointer store. */
static bool later_publication(const struct pair_candidate *c,
			      const struct pair_side *w)
{
	const struct fact_fn *fn = pairing_fn(c->set, w);
	unsigned k;

	for (k = w->j + 1; k < fn->n && k <= w->j + FAR; k++)
		if (publishes(&fn->v[k]) || fn->v[k].op == FO_UNLOCK)
			return true;
	return false;
}

/*
 * RCU_INIT_POINTER() says by its name that the pointer needs no order
 * (rcupdate.h: NULL, or an object readers could already reach).
 */
static bool says_unordered(const struct fact *f)
{
	const struct vocab_entry *p = vocab_lookup(f->name, VOCAB_NO_HEADER);

	return p && (p->roles & R_UNORDERED_PUBLISH);
}

/*
 * The field stored is of another object than the pointer stored: both
 * paths known, in the function's own code (a callee's paths name its own
 * parameters). ext4's __es_find_extent_range() fills the caller's
 * on-stack result and caches a tree node: no publication of the result.
 */
static bool other_object(const struct pair_candidate *c,
			 const struct pair_side *w)
{
	const struct fact_fn *fn = pairing_fn(c->set, w);
	const struct fact *field = pairing_first(c->set, w),
			  *ptr = pairing_second(c->set, w);

	return field->base && ptr->written && field->base != ptr->written &&
	       !facts_via(fn, field) && !facts_via(fn, ptr);
}

bool dependency_reader_trusts(const struct pair_candidate *c)
{
	const struct pair_side *w = c->a, *r = c->b;
	const struct fact *field = pairing_first(c->set, w),
			  *ptr = pairing_second(c->set, w),
			  *rptr = pairing_first(c->set, r),
			  *rfield = pairing_second(c->set, r);

	return c->shape == SHAPE_MP && w->o.ord == ORD_NONE &&
	       r->o.ord == ORD_YES && r->o.what &&
	       strstr(r->o.what, "dependency") && rfield->adep == (int)r->i &&
	       (rptr->flags & FA_POINTER) && ptr->op == FO_STORE &&
	       ptr->cls == OC_MSTORE && !says_unordered(ptr) &&
	       field->op == FO_STORE && !field->locks && !ptr->locks &&
	       !later_publication(c, w) && !other_object(c, w);
}
