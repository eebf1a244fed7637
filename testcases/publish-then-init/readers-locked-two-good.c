// SPDX-License-Identifier: GPL-2.0
/*
 * publish-then-init: readers-locked-good.c with two stores after the
 * publication. Every reader of either field holds the publisher's lock:
 * a finding that stands for both goes only when neither store is in a
 * lockless reader's reach.
 */
#include <ordercheck/linux.h>

// expect-no-diagnostics

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
	list_add_rcu(&e->node, &t->head);
	e->stamp = now;
	e->expires = now + 100;
	spin_unlock(&t->lock);
}

/* the oldest entry, by its stamp and expiry: only with the lock held */
struct exc *exc_oldest(struct table *t, unsigned long now)
{
	struct exc *e, *old = NULL;

	spin_lock(&t->lock);
	list_for_each_entry_rcu(e, &t->head, node)
		if (!old || (e->stamp < old->stamp && e->expires < now))
			old = e;
	spin_unlock(&t->lock);
	return old;
}

/* the lockless lookup reads the gateway only */
int exc_lookup(struct table *t, int gw)
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
