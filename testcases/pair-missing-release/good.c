// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release, good: writers of real idioms that order their
 * stores, or whose stores nobody reads in the other order.
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

struct slot {
	int data;
	int full;
};

void slot_put(struct slot *s, int v)
{
	s->data = v;
	smp_store_release(&s->full, 1);
}

/* the same writer with smp_wmb() */
void slot_put_wmb(struct slot *s, int v)
{
	WRITE_ONCE(s->data, v);
	smp_wmb();
	WRITE_ONCE(s->full, 1);
}

int slot_get(struct slot *s)
{
	if (!smp_load_acquire(&s->full))
		return -1;
	return s->data;
}

/* under the lock that the other writers take too: the lock orders */
spinlock_t slot_lock;

void slot_reset(struct slot *s)
{
	spin_lock(&slot_lock);
	WRITE_ONCE(s->data, 0);
	WRITE_ONCE(s->full, 0);
	spin_unlock(&slot_lock);
}

/* before the object is published: plain initialisation */
void slot_init(struct slot *s)
{
	s->data = 0;
	s->full = 0;
}

/* the waker of a wait loop: set_current_state() and wake_up_process() */
struct waiter {
	int cond;
	int arg;
};

void waiter_wake(struct waiter *w, int arg)
{
	WRITE_ONCE(w->arg, arg);
	smp_store_release(&w->cond, 1);
}

int waiter_wait(struct waiter *w)
{
	while (!smp_load_acquire(&w->cond))
		;
	return READ_ONCE(w->arg);
}

/*
 * dependency readers whose writers publish with rcu_assign_pointer(), or
 * initialise and then publish the object with a release afterwards
 */
struct conf {
	int limit;
	int *table;
};

struct conf *cur_conf;

void conf_install(struct conf *c, int limit)
{
	c->limit = limit;
	rcu_assign_pointer(cur_conf, c);
}

int conf_limit(void)
{
	struct conf *c;
	int l;

	rcu_read_lock();
	c = rcu_dereference(cur_conf);
	l = c ? c->limit : 0;
	rcu_read_unlock();
	return l;
}

struct shelf {
	struct conf *conf;
	int n;
};

struct shelf *cur_shelf;

/* the field and the inner pointer first, then the object with release */
void shelf_install(struct shelf *s, struct conf *c)
{
	c->limit = 1;
	WRITE_ONCE(s->conf, c);
	smp_store_release(&cur_shelf, s);
}

int shelf_limit(void)
{
	struct shelf *s = smp_load_acquire(&cur_shelf);
	struct conf *c = s ? rcu_dereference(s->conf) : NULL;

	return c ? c->limit : 0;
}

/*
 * net/core/dev.c remove_xps_queue(): RCU_INIT_POINTER() says by its name
 * that the pointer needs no order (here it stores NULL)
 */
struct xmap {
	int len;
	int *queues;
};

struct xmap *cur_xmap;

void xmap_drop(struct xmap *m)
{
	m->len = 0;
	RCU_INIT_POINTER(cur_xmap, NULL);
}

int xmap_len(void)
{
	struct xmap *m = rcu_dereference(cur_xmap);

	return m ? m->len : 0;
}
