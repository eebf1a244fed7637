// SPDX-License-Identifier: GPL-2.0
/*
 * sb-needs-full-barrier through the wait-queue API: the waiter's
 * prepare_to_wait() puts it on the queue and then is set_current_state(),
 * a full barrier, before it tests the condition; the waker that tests the
 * queue with waitqueue_active() needs "an extra smp_mb()" between its
 * store of the condition and that test (the comment of waitqueue_active()
 * in include/linux/wait.h), or use wq_has_sleeper().
 */
#include <ordercheck/linux.h>

void schedule(void);

struct chan {
	wait_queue_head_t wq;
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

void chan_signal(struct chan *c)
{
	WRITE_ONCE(c->ready, 1); // expect-note[wake-missing-barrier] {{the store the test can pass}}
	/*
	 * the same store buffering, reported once, by the more specific
	 * wake-missing-barrier (with -Wno-wake-missing-barrier, here)
	 */
	if (waitqueue_active(&c->wq)) // expect-warning[wake-missing-barrier] {{waitqueue_active() tests for sleepers after 'WRITE_ONCE(c->ready, 1)'}}
		wake_up(&c->wq);
}
