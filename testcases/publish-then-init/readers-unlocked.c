// SPDX-License-Identifier: GPL-2.0
/*
 * publish-then-init: readers-locked-good.c, but the lockless lookup reads
 * the stamp too. The publisher's lock does not serialise it with a reader
 * that does not take it: the lookup can find the entry with its stamp
 * unset.
 */
#include <ordercheck/linux.h>

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
	list_add_rcu(&e->node, &t->head); // expect-note {{'e' published here}}
	e->stamp = now; // expect-warning[publish-then-init] {{'e->stamp' is initialised after 'e' was published to lockless readers by list_add_rcu(): a reader that finds it can see the value from before; initialise it before publishing}}
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

/* the lockless lookup reads the gateway and the stamp */
int exc_lookup(struct table *t, int gw, unsigned long now)
{
	struct exc *e;
	int found = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(e, &t->head, node)
		if (READ_ONCE(e->gw) == gw && e->stamp < now)
			found = 1;
	rcu_read_unlock();
	return found;
}
