// SPDX-License-Identifier: GPL-2.0
/*
 * unordered-flag, good: flags whose data travels ordered, under a common
 * lock, with a fully ordered RMW, or that no reader reads data behind.
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

/* release and acquire: the documented handoff */
struct handoff {
	int payload;
	int done;
};

void handoff_give(struct handoff *h, int v)
{
	h->payload = v;
	smp_store_release(&h->done, 1);
}

int handoff_take(struct handoff *h)
{
	smp_cond_load_acquire(&h->done, VAL);
	return h->payload;
}

/* both sides under the same lock */
struct queue {
	spinlock_t lock;
	int item;
	int count;
};

void queue_add(struct queue *q, int v)
{
	spin_lock(&q->lock);
	q->item = v;
	WRITE_ONCE(q->count, 1);
	spin_unlock(&q->lock);
}

int queue_peek(struct queue *q)
{
	int v = -1;

	spin_lock(&q->lock);
	if (READ_ONCE(q->count))
		v = q->item;
	spin_unlock(&q->lock);
	return v;
}

/* a fully ordered RMW as the flag: atomic_xchg() orders both sides */
struct mbox {
	int msg;
	atomic_t full;
};

void mbox_post(struct mbox *m, int v)
{
	m->msg = v;
	atomic_xchg(&m->full, 1);
}

int mbox_fetch(struct mbox *m)
{
	if (atomic_xchg(&m->full, 0))
		return m->msg;
	return -1;
}

/* initialisation of an object nobody sees yet */
void *kzalloc(unsigned long size, unsigned flags);

struct node {
	int key;
	int live;
};

struct node *node_new(int key)
{
	struct node *n = kzalloc(sizeof(*n), 0);

	if (!n)
		return NULL;
	n->key = key;
	WRITE_ONCE(n->live, 1);
	return n;
}

int node_key(struct node *n)
{
	if (READ_ONCE(n->live))
		return n->key;
	return -1;
}

/* a flag that gates no read of the data: the reader reads it untested */
struct hint {
	int level;
	int dirty;
};

void hint_set(struct hint *h, int l)
{
	h->level = l;
	WRITE_ONCE(h->dirty, 1);
}

int hint_get(struct hint *h, int *dirty)
{
	*dirty = READ_ONCE(h->dirty);
	return READ_ONCE(h->level);
}
