// SPDX-License-Identifier: GPL-2.0
/*
 * redundant-barrier: smp_mb() next to something that already is, or ends
 * or begins with, a full barrier; the LKMM keeps every order the extra
 * barrier would give (two full fences with no access between order what
 * one of them orders).
 */
#include <ordercheck/linux.h>

void schedule(void);

struct chan {
	wait_queue_head_t wq;
	int ready;
	int state;
};

/* set_current_state() is smp_store_mb() of the task state */
void chan_wait(struct chan *c)
{
	set_current_state(1);
	smp_mb(); // expect-warning[redundant-barrier] {{smp_mb() directly after 'set_current_state()', which has a full barrier after its access; the barrier is redundant}}
	if (!READ_ONCE(c->ready))
		schedule();
	__set_current_state(0);
}

/* prepare_to_wait() ends with set_current_state() */
void chan_wait_queue(struct chan *c)
{
	struct wait_queue_entry w;

	prepare_to_wait(&c->wq, &w, 1);
	smp_mb(); // expect-warning[redundant-barrier] {{directly after 'prepare_to_wait()'}}
	if (!READ_ONCE(c->ready))
		schedule();
	finish_wait(&c->wq, &w);
}

/* smp_store_mb() is WRITE_ONCE() and smp_mb() */
void chan_set(struct chan *c)
{
	smp_store_mb(c->state, 1);
	smp_mb(); // expect-warning[redundant-barrier] {{directly after 'smp_store_mb()'}}
	if (READ_ONCE(c->ready))
		WRITE_ONCE(c->state, 2);
}

/* wq_has_sleeper() is smp_mb() and waitqueue_active() */
void chan_signal(struct chan *c)
{
	c->ready = 1;
	smp_mb(); // expect-warning[redundant-barrier] {{smp_mb() directly before 'wq_has_sleeper()', which has a full barrier before its access}}
	if (wq_has_sleeper(&c->wq))
		wake_up(&c->wq);
}

/* the callee variant: a helper of this file that ends with the barrier */
static void chan_arm(struct chan *c)
{
	c->state = 3;
	smp_mb();
}

void chan_arm_and_check(struct chan *c)
{
	chan_arm(c);
	smp_mb(); // expect-warning[redundant-barrier] {{smp_mb() directly after 'chan_arm()', which ends with}}
	if (READ_ONCE(c->ready))
		WRITE_ONCE(c->state, 4);
}

/* the macro variant: the driver's own sleep-preparation macro */
#define CHAN_PREPARE(c) set_current_state(1)

void chan_wait_macro(struct chan *c)
{
	CHAN_PREPARE(c);
	smp_mb(); // expect-warning[redundant-barrier] {{directly after 'set_current_state()'}}
	if (!READ_ONCE(c->ready))
		schedule();
}
