// SPDX-License-Identifier: GPL-2.0
/* The sleep and wake-up functions as events (vocab/linux_wait.def). */
#include <ordercheck/linux.h>

struct dev {
	wait_queue_head_t wq;
	struct swait_queue_head swq;
	struct completion done;
	int cond;
	int data;
};

/* waker: the condition, a full barrier, then the test of the queue */
void waker(struct dev *d)
{
	WRITE_ONCE(d->cond, 1);
	if (wq_has_sleeper(&d->wq))
		wake_up(&d->wq);
	smp_mb();
	if (waitqueue_active(&d->wq))
		wake_up_interruptible_all(&d->wq);
	if (swait_active(&d->swq))
		swake_up_one(&d->swq);
}

/* waiter: on the queue (a store of its head, a full barrier), then the test */
void waiter(struct dev *d)
{
	struct wait_queue_entry w;

	prepare_to_wait(&d->wq, &w, 1);
	if (!READ_ONCE(d->cond))
		set_current_state(2);
	finish_wait(&d->wq, &w);
	__set_current_state(0);
	wait_event(d->wq, READ_ONCE(d->cond));
}

/* completions: a release and an acquire of the completion */
void producer(struct dev *d)
{
	d->data = 1;
	complete(&d->done);
}

int consumer(struct dev *d)
{
	wait_for_completion(&d->done);
	return d->data;
}
