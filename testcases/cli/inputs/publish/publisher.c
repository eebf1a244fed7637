// SPDX-License-Identifier: GPL-2.0
/* publishes an entry on an RCU list, then stores its stamp */
#include <ordercheck/linux.h>

#include "entry.h"

void entry_add(struct table *t, struct entry *e, unsigned long now)
{
	e->key = 1;
	list_add_rcu(&e->node, &t->head);
	e->stamp = now;
}

int entry_find(struct table *t, int key)
{
	struct entry *e;
	int found = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(e, &t->head, node)
		if (READ_ONCE(e->key) == key)
			found = 1;
	rcu_read_unlock();
	return found;
}
