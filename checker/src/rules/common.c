// SPDX-License-Identifier: GPL-2.0
/* What several rule families ask of a function or an event. */
#include "common.h"

#include <stdio.h>
#include <string.h>

#include "../pairs/litmus.h"

static bool list_locks(const struct evlist *l)
{
	unsigned i, j;
	const struct event *e;

	evlist_for_each(l, i, e) {
		if ((e->type == EV_LOCK && e->kind == K_LOCK) ||
		    (e->type == EV_MARKER && (e->flags & F_LOCK_HELD)))
			return true;
		if (e->type == EV_CALL && e->name &&
		    vocab_name_is(e->name, R_ASSERTS_HELD))
			return true;
		for (j = 0; j < e->nlegs; j++)
			if (list_locks(&e->legs[j]))
				return true;
	}
	return false;
}

/*
 * Code under a lock does not lean on control dependencies: the lock
 * orders it. A function that takes one, asserts one is held, or is named
 * *_locked (the kernel's convention for "caller holds it") is left alone.
 */
bool rule_under_lock(const struct function_ir *fn)
{
	return vocab_name_is(fn->name, R_CALLER_HOLDS) || list_locks(&fn->body);
}

const char *rule_event_text(const struct event *e, char *buf, size_t n)
{
	char k[128];

	if (e->prim && e->args)
		snprintf(buf, n, "%s(%s)", e->name, e->args);
	else if (e->prim)
		snprintf(buf, n, "%s()", e->name);
	else
		snprintf(buf, n, "%s of '%s'", e->name,
			 litmus_key_text(e->key, k, sizeof(k)));
	return buf;
}

bool rule_is_acquire_like(const struct event *e)
{
	return e->cls == OC_ACQ_LOAD || e->cls == OC_RMW_FULL ||
	       e->cls == OC_RMW_ACQ || e->cls == OC_RMW_ACQREL ||
	       e->cls == OC_RMW_SC;
}
