// SPDX-License-Identifier: GPL-2.0
/*
 * wake-missing-barrier, good: wakers that order their store of the
 * condition before their test for sleepers, or test under the queue's
 * lock, or do not test at all.
 */
#include <ordercheck/linux.h>

// expect-no-diagnostics

void schedule(void);
void do_something(void);
void lockdep_assert_held(void *lock);

struct chan {
	wait_queue_head_t wq;
	struct swait_queue_head swq;
	spinlock_t lock;
	unsigned long flags;
	atomic_t pending;
	int ready;
};

/* wait_event() itself: the waiter's side */
void chan_wait(struct chan *c)
{
	wait_event(c->wq, READ_ONCE(c->ready));
}

/* wq_has_sleeper() is smp_mb(); waitqueue_active() */
void chan_signal(struct chan *c)
{
	WRITE_ONCE(c->ready, 1);
	if (wq_has_sleeper(&c->wq))
		wake_up(&c->wq);
}

/* the explicit smp_mb() of wait.h's comment */
void chan_signal_mb(struct chan *c)
{
	c->ready = 1;
	smp_mb();
	if (waitqueue_active(&c->wq))
		wake_up(&c->wq);
}

/* smp_store_mb() is the store and the barrier */
void chan_signal_store_mb(struct chan *c)
{
	smp_store_mb(c->ready, 1);
	if (waitqueue_active(&c->wq))
		wake_up(&c->wq);
}

/* a fully ordered RMW is the store: test_and_clear_bit() */
void chan_unlock_bit(struct chan *c)
{
	if (test_and_clear_bit(0, &c->flags))
		wake_up_bit(&c->flags, 0);
}

/* a void atomic and smp_mb__after_atomic(), as clear_and_wake_up_bit() */
void chan_put(struct chan *c)
{
	atomic_dec(&c->pending);
	smp_mb__after_atomic();
	wake_up_var(&c->pending);
}

/* atomic_dec_and_test() is fully ordered */
void chan_put_last(struct chan *c)
{
	if (atomic_dec_and_test(&c->pending))
		wake_up_var(&c->pending);
}

/* swake_up_one() under the lock, the test under it too */
void chan_signal_locked(struct chan *c)
{
	spin_lock(&c->lock);
	c->ready = 1;
	if (swait_active(&c->swq))
		swake_up_one(&c->swq);
	spin_unlock(&c->lock);
}

/* a function whose caller holds the queue's lock (the _locked convention) */
void chan_signal_locked_caller_locked(struct chan *c)
{
	c->ready = 1;
	if (waitqueue_active(&c->wq))
		wake_up(&c->wq);
}

/* no test for sleepers: wake_up() takes the queue's lock */
void chan_signal_always(struct chan *c)
{
	WRITE_ONCE(c->ready, 1);
	wake_up(&c->wq);
}

/* a call we cannot see may order: no finding */
void chan_signal_opaque(struct chan *c)
{
	WRITE_ONCE(c->ready, 1);
	do_something();
	if (waitqueue_active(&c->wq))
		wake_up(&c->wq);
}

/* the store only on a path that returns */
void chan_signal_early(struct chan *c, int err)
{
	if (err) {
		c->ready = -1;
		return;
	}
	if (waitqueue_active(&c->wq))
		wake_up(&c->wq);
}

/* an assertion, not a wake-up: locks_release_private() */
void chan_free(struct chan *c)
{
	c->ready = 0;
	if (waitqueue_active(&c->wq))
		do_something();
}

/* the caller holds the lock the waiter queues under: bd_clear_claiming() */
void chan_clear_claiming(struct chan *c)
{
	lockdep_assert_held(&c->lock);
	c->ready = 0;
	wake_up_bit(&c->flags, 0);
}

/* the store under the lock, the test after it but still under it */
void chan_release(struct chan *c)
{
	spin_lock_bh(&c->lock);
	c->ready = 0;
	if (waitqueue_active(&c->wq))
		wake_up(&c->wq);
	spin_unlock_bh(&c->lock);
}

/*
 * drivers/base/power/wakeup.c's wakeup_source_deactivate(): the fully
 * ordered atomic_add_return() is the barrier; split_counters() then
 * stores into the caller's own variables through its pointers, which no
 * waiter reads
 */
static atomic_t combined_count;
static wait_queue_head_t count_wait;

static void split_counts(unsigned int *cnt, unsigned int *inpr)
{
	unsigned int comb = atomic_read(&combined_count);

	*cnt = comb >> 8;
	*inpr = comb & 0xff;
}

void source_deactivate(void)
{
	unsigned int cnt, inpr;

	atomic_add_return(0x100, &combined_count);
	split_counts(&cnt, &inpr);
	if (!inpr && waitqueue_active(&count_wait))
		wake_up(&count_wait);
}
