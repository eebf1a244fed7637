// SPDX-License-Identifier: GPL-2.0
/*
 * Relative locksets: the locks a function's callers hold, intersected
 * over every call, added to the function's facts before the pairing
 * pass inlines callees (inline.c then carries them into inlined copies).
 */
#include "callers.h"

#include <stdlib.h>
#include <string.h>

#include "locksets.h"
#include "slots.h"

enum { ROUNDS = 3 }; /* a caller's caller's caller's locks at most */

/* What the calls of one function hold in common. */
struct held_at_calls {
	const char *set;
	unsigned calls;
};

/* A call of @name with @lockset held, met into what its calls share. */
static void held_at(struct fact_set *s, struct strmap *m, const char *name,
		    const char *lockset)
{
	char both[LOCKSET_MAX];
	struct held_at_calls **h;
	bool added;

	h = (struct held_at_calls **)strmap_slot(m, name, strlen(name), &added);
	if (added) {
		*h = xcalloc(1, sizeof(**h));
		(*h)->set = lockset ? lockset : "";
	} else if ((*h)->set[0]) {
		lockset_intersect((*h)->set, lockset ? lockset : "", both,
				  sizeof(both));
		(*h)->set = facts_intern(s, both);
	}
	(*h)->calls++;
}

/*
 * A call through a slot calls each function stored in it. A function
 * stored in a slot no call of @s reads (a callback handed to code outside
 * the tree, or read into a local first, as rcu_do_batch() does) has a
 * caller we cannot see: it holds nothing.
 */
static void indirect_calls(struct fact_set *s, struct strmap *by_slot,
			   struct strmap *m)
{
	const struct slot_fns *st;
	unsigned f, k, b;

	for (f = 0; f < s->nfns; f++)
		for (k = 0; k < s->fns[f].n; k++) {
			const struct fact *x = &s->fns[f].v[k];

			if (!(st = slots_called(by_slot, x)))
				continue;
			for (b = 0; b < st->n; b++)
				held_at(s, m, s->binds[st->v[b]].fn,
					x->lockset);
		}
	for (b = 0; b < s->nbinds; b++) {
		st = strmap_get(by_slot, s->binds[b].slot);
		if (!st->called)
			held_at(s, m, s->binds[b].fn, "");
	}
}

static struct strmap *calls_hold(struct fact_set *s, struct strmap *by_slot)
{
	struct strmap *m = strmap_new();
	unsigned f, k;

	for (f = 0; f < s->nfns; f++)
		for (k = 0; k < s->fns[f].n; k++) {
			const struct fact *x = &s->fns[f].v[k];

			if (x->op == FO_CALL && x->name[0] && x->name[0] != '*')
				held_at(s, m, x->name, x->lockset);
		}
	indirect_calls(s, by_slot, m);
	return m;
}

/* Add @set to every fact of @fn; returns whether one changed. */
static bool hold_all(struct fact_set *s, struct fact_fn *fn, const char *set)
{
	char with[LOCKSET_MAX];
	bool changed = false;
	unsigned k;

	for (k = 0; k < fn->n; k++) {
		struct fact *x = &fn->v[k];
		const char *was = x->lockset ? x->lockset : "";

		lockset_union(was, set, with, sizeof(with));
		if (strcmp(with, was)) {
			x->lockset = facts_intern(s, with);
			changed = true;
		}
	}
	return changed;
}

void facts_caller_locks(struct fact_set *s)
{
	/* the slots and their calls stay as they are: the rounds add locks */
	struct strmap *by_slot = slots_new(s);
	unsigned round, f;
	bool changed = true;

	for (round = 0; round < ROUNDS && changed; round++) {
		struct strmap *m = calls_hold(s, by_slot);

		changed = false;
		for (f = 0; f < s->nfns; f++) {
			const struct held_at_calls *h =
				strmap_get(m, s->fns[f].name);

			if (h && h->calls && h->set[0])
				changed |= hold_all(s, &s->fns[f], h->set);
		}
		strmap_free(m, free);
	}
	slots_free(by_slot);
}
