/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The functions stored in each slot (a field, a call's argument), and
 * whether a call of the set reads the slot: how an indirect call of the
 * facts ("*" and its slot) reaches functions, for the callers' locks
 * (callers.c) and the contexts (contexts.c).
 */
#ifndef ORDERCHECK_PAIRS_SLOTS_H
#define ORDERCHECK_PAIRS_SLOTS_H

#include "facts.h"

/* One slot's functions: indices into the set's binds. */
struct slot_fns {
	unsigned *v;
	unsigned n;
	bool called; /* some call of the set reads the slot */
};

/* Slot -> struct slot_fns, for every slot of @s's binds. */
struct strmap *slots_new(const struct fact_set *s);
void slots_free(struct strmap *m);

/* The functions indirect call @call reads from its slot, or NULL. */
static inline struct slot_fns *slots_called(struct strmap *m,
					    const struct fact *call)
{
	if (call->op != FO_CALL || call->name[0] != '*' || !call->name[1])
		return NULL;
	return strmap_get(m, call->name + 1);
}

#endif
