// SPDX-License-Identifier: GPL-2.0
/*
 * publish-then-init, quiet: the publisher stores the field after the
 * list_add_rcu() holding the table's lock, and every function that reads
 * the field holds that lock too (update_or_create_fnhe() and
 * rt_bind_exception() in net/ipv4/route.c, fnhe_stamp under fnhe_lock).
 * The RCU reader walks the list but never reads the field. A reader that
 * takes the lock after the publisher lets it go sees the field stored.
 */
#include <ordercheck/linux.h>

// expect-no-diagnostics

struct exc {
	struct list_head node;
	int gw;
	unsigned long stamp;
};

struct table {
	spinlock_t lock;
	struct list_head head;
};

void exc_create(struct table *t, struct exc *e, int gw, unsigned long now)
{
	spin_lock(&t->lock);
	e->gw = gw;
	list_add_rcu(&e->node, &t->head);
	e->stamp = now;
	spin_unlock(&t->lock);
}

/* a helper whose every caller holds the lock (route.c's fnhe_remove_oldest()) */
static unsigned long exc_age(struct exc *e, unsigned long now)
{
	return now - e->stamp;
}

/* the oldest entry, by its stamp: only with the lock held */
struct exc *exc_oldest(struct table *t, unsigned long now)
{
	struct exc *e, *old = NULL;

	spin_lock(&t->lock);
	list_for_each_entry_rcu(e, &t->head, node)
		if (!old || exc_age(e, now) > exc_age(old, now))
			old = e;
	spin_unlock(&t->lock);
	return old;
}

/* the lockless lookup reads the gateway, set before publishing */
int exc_lookup(struct table *t, int gw, unsigned long now)
{
	struct exc *e;
	int found = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(e, &t->head, node)
		if (READ_ONCE(e->gw) == gw)
			found = 1;
	rcu_read_unlock();
	return found;
}
