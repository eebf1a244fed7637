// SPDX-License-Identifier: GPL-2.0
/*
 * publish-then-init: readers-locked-two-good.c, but the lockless lookup
 * reads the expiry. The stamp's readers all hold the lock, so the finding
 * names the store a lockless reader can race with, not the first one.
 */
#include <ordercheck/linux.h>

struct exc {
	struct list_head node;
	int gw;
	unsigned long stamp;
	unsigned long expires;
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
	e->stamp = now;
	e->expires = now + 100; // expect-warning[publish-then-init] {{'e->expires' is initialised after 'e' was published to lockless readers by list_add_rcu(): a reader that finds it can see the value from before; initialise it before publishing}}
	spin_unlock(&t->lock);
}

/* the oldest entry, by its stamp: only with the lock held */
struct exc *exc_oldest(struct table *t)
{
	struct exc *e, *old = NULL;

	spin_lock(&t->lock);
	list_for_each_entry_rcu(e, &t->head, node)
		if (!old || e->stamp < old->stamp)
			old = e;
	spin_unlock(&t->lock);
	return old;
}

/* the lockless lookup reads the gateway and the expiry */
int exc_lookup(struct table *t, int gw, unsigned long now)
{
	struct exc *e;
	int found = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(e, &t->head, node)
		if (READ_ONCE(e->gw) == gw && e->expires > now)
			found = 1;
	rcu_read_unlock();
	return found;
}
