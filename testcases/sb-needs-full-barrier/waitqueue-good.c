// SPDX-License-Identifier: GPL-2.0
/*
 * sb-needs-full-barrier, good: the wait-queue handshake as include/linux/
 * wait.h writes it. The waiter is on the queue before set_current_state()'s
 * full barrier (prepare_to_wait()); the waker has a full barrier between
 * its store of the condition and its test of the queue: wq_has_sleeper(),
 * or smp_store_mb() of the condition before waitqueue_active().
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

void schedule(void);

struct chan {
	wait_queue_head_t wq;
	int ready;
	int closed;
};

void chan_wait(struct chan *c)
{
	struct wait_queue_entry w;

	prepare_to_wait(&c->wq, &w, 1);
	if (!READ_ONCE(c->ready) && !READ_ONCE(c->closed))
		schedule();
	finish_wait(&c->wq, &w);
}

void chan_signal(struct chan *c)
{
	WRITE_ONCE(c->ready, 1);
	if (wq_has_sleeper(&c->wq))
		wake_up(&c->wq);
}

void chan_close(struct chan *c)
{
	smp_store_mb(c->closed, 1);
	if (waitqueue_active(&c->wq))
		wake_up_all(&c->wq);
}
