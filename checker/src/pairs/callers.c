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

enum { ROUNDS = 3 }; /* a caller's caller's caller's locks at most */

/* What the calls of one function hold in common. */
struct held_at_calls {
	const char *set;
	unsigned calls;
};

static struct strmap *calls_hold(struct fact_set *s)
{
	struct strmap *m = strmap_new();
	char both[LOCKSET_MAX];
	unsigned f, k;

	for (f = 0; f < s->nfns; f++)
		for (k = 0; k < s->fns[f].n; k++) {
			const struct fact *x = &s->fns[f].v[k];
			struct held_at_calls **h;
			bool added;

			if (x->op != FO_CALL || !x->name[0])
				continue;
			h = (struct held_at_calls **)strmap_slot(
				m, x->name, strlen(x->name), &added);
			if (added) {
				*h = xcalloc(1, sizeof(**h));
				(*h)->set = x->lockset ? x->lockset : "";
			} else if ((*h)->set[0]) {
				lockset_intersect((*h)->set, x->lockset, both,
						  sizeof(both));
				(*h)->set = facts_intern(s, both);
			}
			(*h)->calls++;
		}
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
	unsigned round, f;
	bool changed = true;

	for (round = 0; round < ROUNDS && changed; round++) {
		struct strmap *m = calls_hold(s);

		changed = false;
		for (f = 0; f < s->nfns; f++) {
			const struct held_at_calls *h =
				strmap_get(m, s->fns[f].name);

			if (h && h->calls && h->set[0])
				changed |= hold_all(s, &s->fns[f], h->set);
		}
		strmap_free(m, free);
	}
}
