// SPDX-License-Identifier: GPL-2.0
/*
 * sb-needs-full-barrier, good: store buffering with a full barrier on both
 * sides, as the kernel's sleep/wake-up and Dekker-style code does it.
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

struct waitq {
	int waiters;
	int cond;
};

int wq_wake(struct waitq *q)
{
	smp_store_mb(q->cond, 1);
	return READ_ONCE(q->waiters);
}

/* a value-returning RMW is a full barrier on each side of it */
int wq_wait(struct waitq *q)
{
	atomic_t *w = (atomic_t *)&q->waiters;

	atomic_inc_return(w);
	return READ_ONCE(q->cond);
}

/* smp_mb__after_atomic() makes a void RMW fully ordered */
struct gate {
	atomic_t users;
	int closed;
};

int gate_enter(struct gate *g)
{
	atomic_inc(&g->users);
	smp_mb__after_atomic();
	return !READ_ONCE(g->closed);
}

int gate_close(struct gate *g)
{
	/* pairs with smp_mb__after_atomic() in gate_enter() */
	smp_store_mb(g->closed, 1);
	return atomic_read(&g->users);
}

/* a store then a load with nothing on either side: no protocol is meant */
int hint_a, hint_b;

int hints_one(void)
{
	WRITE_ONCE(hint_a, 1);
	return READ_ONCE(hint_b);
}

int hints_two(void)
{
	WRITE_ONCE(hint_b, 1);
	return READ_ONCE(hint_a);
}

/* sleeping: set_current_state() is smp_store_mb() of the task state */
struct task_struct;
void set_current_state(int state);
void schedule(void);
int wake_up_process(struct task_struct *t);
int wake_flag;

void sleeper(void)
{
	set_current_state(1);
	if (!READ_ONCE(wake_flag))
		schedule();
}

void waker(struct task_struct *t)
{
	WRITE_ONCE(wake_flag, 1);
	wake_up_process(t);
}

/* prepare_to_wait() and wake_up(): the wait-queue API orders both sides */
struct wait_queue_head;
struct wait_queue_entry;
void prepare_to_wait(struct wait_queue_head *wq, struct wait_queue_entry *w,
		     int state);
void finish_wait(struct wait_queue_head *wq, struct wait_queue_entry *w);
void wake_up(struct wait_queue_head *wq);

struct done {
	struct wait_queue_head *wq;
	int flag;
	int waiting;
};

void done_wait(struct done *d, struct wait_queue_entry *w)
{
	WRITE_ONCE(d->waiting, 1);
	prepare_to_wait(d->wq, w, 2);
	if (!READ_ONCE(d->flag))
		schedule();
	finish_wait(d->wq, w);
}

void done_signal(struct done *d)
{
	WRITE_ONCE(d->flag, 1);
	wake_up(d->wq);
	(void)READ_ONCE(d->waiting);
}
