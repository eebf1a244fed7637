// SPDX-License-Identifier: GPL-2.0
/* the lockless reader of the stamp that publisher.c stores last */
#include <ordercheck/linux.h>

#include "entry.h"

int entry_fresh(struct table *t, unsigned long now)
{
	struct entry *e;
	int fresh = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(e, &t->head, node)
		if (e->stamp + 10 > now)
			fresh = 1;
	rcu_read_unlock();
	return fresh;
}
