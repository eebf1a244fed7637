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
