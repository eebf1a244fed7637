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
