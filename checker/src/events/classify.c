// SPDX-License-Identifier: GPL-2.0
/* What an event is, as rules ask it: marked, shared, a Linux RMW, a role. */
#include "events.h"

#include "keys.h"

bool events_shared_key(const char *k)
{
	return keys_shared(k);
}

bool events_has_role(const struct event *e, unsigned roles)
{
	return e && e->prim && (e->prim->roles & roles);
}

bool events_is_marked(const struct event *e)
{
	return e->cls != OC_PLAIN && e->cls != OC_NONE &&
	       (e->prim || (e->flags & (EVF_VOLATILE | EVF_ATOMIC_TYPE)));
}

bool events_is_linux_rmw(const struct event *e)
{
	return e && e->type == EV_ACCESS && e->kind == K_RMW && e->prim &&
	       !vocab_c11_like(e->prim) &&
	       !(e->flags & (F_NONATOMIC | F_LOCAL_CPU));
}
