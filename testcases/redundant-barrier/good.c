// SPDX-License-Identifier: GPL-2.0
/*
 * redundant-barrier, good: full barriers that order something no
 * neighbour orders.
 */
#include <ordercheck/linux.h>

// expect-no-diagnostics

void schedule(void);

struct chan {
	wait_queue_head_t wq;
	unsigned long flags;
	int ready;
	int state;
};

/* __set_current_state() is a plain WRITE_ONCE(): the smp_mb() is needed */
void chan_wait(struct chan *c)
{
	__set_current_state(1);
	smp_mb();
	if (!READ_ONCE(c->ready))
		schedule();
}

/* the waker's smp_mb() before waitqueue_active() (wait.h) */
void chan_signal(struct chan *c)
{
	c->ready = 1;
	smp_mb();
	if (waitqueue_active(&c->wq))
		wake_up(&c->wq);
}

/* a full barrier in a helper, then an access, then smp_mb() */
static void chan_arm(struct chan *c)
{
	smp_mb();
	WRITE_ONCE(c->state, 3);
}

void chan_arm_and_check(struct chan *c)
{
	chan_arm(c);
	smp_mb();
	if (READ_ONCE(c->ready))
		WRITE_ONCE(c->state, 4);
}

/* wake_up() is a full barrier only when it wakes a task */
void chan_kick(struct chan *c)
{
	wake_up(&c->wq);
	smp_mb();
	WRITE_ONCE(c->state, 5);
	if (READ_ONCE(c->ready))
		WRITE_ONCE(c->state, 6);
}

/* schedule() orders as a side effect: not counted on */
void chan_sleep(struct chan *c)
{
	schedule();
	smp_mb();
	if (READ_ONCE(c->ready))
		WRITE_ONCE(c->state, 7);
}
