// SPDX-License-Identifier: GPL-2.0
/*
 * wake-missing-barrier: the waker stores the condition and then tests for
 * sleepers without the queue's lock and without a full barrier between.
 * The waiter queues itself (prepare_to_wait()) and then tests the
 * condition; with store buffering both tests miss both stores, and the
 * waiter sleeps through its wake-up (include/linux/wait.h, the comment on
 * waitqueue_active()).
 */
#include <ordercheck/linux.h>

void schedule(void);

struct chan {
	wait_queue_head_t wq;
	struct swait_queue_head swq;
	unsigned long flags;
	atomic_t pending;
	int ready;
};

void chan_wait(struct chan *c)
{
	struct wait_queue_entry w;

	prepare_to_wait(&c->wq, &w, 1);
	if (!READ_ONCE(c->ready))
		schedule();
	finish_wait(&c->wq, &w);
}

/* the classic: WRITE_ONCE() of the condition, then waitqueue_active() */
void chan_signal(struct chan *c)
{
	WRITE_ONCE(c->ready, 1); // expect-note {{the store the test can pass}}
	if (waitqueue_active(&c->wq)) // expect-warning[wake-missing-barrier] {{waitqueue_active() tests for sleepers after 'WRITE_ONCE(c->ready, 1)' with no full barrier between}}
		wake_up(&c->wq);
}

/* a plain store of the condition, and the simple wait queue's test */
void chan_signal_swait(struct chan *c)
{
	c->ready = 1; // expect-note[wake-missing-barrier] {{the store the test can pass}}
	if (swait_active(&c->swq)) // expect-warning[wake-missing-barrier] {{use swq_has_sleeper()}}
		swake_up_one(&c->swq);
}

/* clear_bit() is a void atomic: wake_up_bit() needs smp_mb__after_atomic() */
void chan_unlock_bit(struct chan *c)
{
	clear_bit(0, &c->flags); // expect-note[wake-missing-barrier] {{the store the test can pass}}
	wake_up_bit(&c->flags, 0); // expect-warning[wake-missing-barrier] {{wake_up_bit() tests for sleepers after 'clear_bit(0, &c->flags)' with no full barrier between: the test can be satisfied before the store is visible}}
}

/* atomic_dec() is unordered too: wake_up_var() after it */
void chan_put(struct chan *c)
{
	atomic_dec(&c->pending); // expect-note[wake-missing-barrier] {{the store the test can pass}}
	wake_up_var(&c->pending); // expect-warning[wake-missing-barrier] {{wake_up_var() tests for sleepers after 'atomic_dec(&c->pending)'}}
}

/* a release store orders what is before it, not the load after it */
void chan_signal_release(struct chan *c)
{
	smp_store_release(&c->ready, 1); // expect-note[wake-missing-barrier] {{the store the test can pass}}
	if (waitqueue_active(&c->wq)) // expect-warning[wake-missing-barrier] {{after 'smp_store_release(&c->ready, 1)'}}
		wake_up(&c->wq);
}

/* wakeup_kswapd(): the test returns early, the wake-up follows */
void chan_kick_if_sleeping(struct chan *c, int order)
{
	WRITE_ONCE(c->ready, order); // expect-note[wake-missing-barrier] {{the store the test can pass}}
	if (!waitqueue_active(&c->wq)) // expect-warning[wake-missing-barrier] {{after 'WRITE_ONCE(c->ready, order)'}}
		return;
	wake_up_interruptible(&c->wq);
}

/* refcount_dec_and_test() is release and, on zero, acquire: not full */
struct pending {
	refcount_t refs;
};

void pending_put(struct pending *p)
{
	if (refcount_dec_and_test(&p->refs)) // expect-note[wake-missing-barrier] {{the store the test can pass}}
		wake_up_var(&p->refs); // expect-warning[wake-missing-barrier] {{use smp_mb() between them}}
}

/* the callee variant: the test is in a helper of this file */
static void chan_wake(struct chan *c)
{
	if (waitqueue_active(&c->wq))
		wake_up_all(&c->wq);
}

void chan_close(struct chan *c)
{
	WRITE_ONCE(c->ready, -1); // expect-note[wake-missing-barrier] {{the store the test can pass}}
	chan_wake(c); // expect-warning[wake-missing-barrier] {{waitqueue_active() in chan_wake() tests for sleepers}}
}

/* the store in a helper of this file */
static void chan_mark(struct chan *c)
{
	c->ready = 2;
}

void chan_finish(struct chan *c)
{
	chan_mark(c); // expect-note[wake-missing-barrier] {{the store the test can pass}}
	if (waitqueue_active(&c->wq)) // expect-warning[wake-missing-barrier] {{after a store in 'chan_mark()'}}
		wake_up(&c->wq);
}

/* the macro variant: the driver's own wake-up macro */
#define CHAN_KICK(c)                          \
	do {                                  \
		if (waitqueue_active(&(c)->wq)) \
			wake_up(&(c)->wq);    \
	} while (0)

void chan_kick(struct chan *c)
{
	WRITE_ONCE(c->ready, 3); // expect-note[wake-missing-barrier] {{the store the test can pass}}
	CHAN_KICK(c); // expect-warning[wake-missing-barrier] {{waitqueue_active() tests for sleepers}}
}
