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

/*
 * ---- lock operations that do not make the barrier redundant ----
 *
 * The accesses below are plain: marked ones would make the pairing rules
 * look for each barrier's partner, which is not what this file tests.
 */

struct table {
	spinlock_t lock, stats_lock;
	struct mutex mutex;
	seqcount_t seq;
	atomic_t gen;
	int head, tail, hits, misses;
	int *slot;
};

/*
 * smp_mb() between spin_unlock() and spin_lock(): unlock+lock is not a
 * full barrier, the store before and the load after can be reordered
 * (SB+unlocklockonceonce+fencembonceonce.litmus: Sometimes)
 */
int table_handoff(struct table *t)
{
	int r;

	spin_lock(&t->lock);
	t->head = 1;
	spin_unlock(&t->lock);
	smp_mb();
	spin_lock(&t->stats_lock);
	r = t->hits;
	spin_unlock(&t->stats_lock);
	return r;
}

/*
 * smp_mb() before spin_unlock(), then a load: the release orders the
 * store before the unlock, not before the load after it
 * (SB+polockunlockonceonce+fencembonceonce.litmus: Sometimes)
 */
int table_leave(struct table *t)
{
	spin_lock(&t->lock);
	t->head = 2;
	smp_mb();
	spin_unlock(&t->lock);
	return t->hits;
}

/* smp_wmb() before spin_unlock(), then a store after it
 * (MP+polockunlockonce+fencermbonceonce.litmus: Sometimes) */
void table_leave_and_flag(struct table *t)
{
	spin_lock(&t->lock);
	t->head = 3;
	smp_wmb();
	spin_unlock(&t->lock);
	t->tail = 3;
}

/* smp_rmb() after spin_lock(), a load before the lock
 * (MP+fencewmbonceonce+oncelockonce.litmus: Sometimes) */
int table_enter(struct table *t)
{
	int h = t->head, m;

	spin_lock(&t->lock);
	smp_rmb();
	m = t->tail;
	spin_unlock(&t->lock);
	return h + m;
}

/* smp_mb() before spin_lock() (SB+oncelockonce+fencembonceonce.litmus) */
int table_enter_after_store(struct table *t)
{
	int r;

	t->head = 4;
	smp_mb();
	spin_lock(&t->lock);
	r = t->tail;
	spin_unlock(&t->lock);
	return r;
}

/* a store between the unlock and the barrier: it is not before the unlock */
void table_unlock_store(struct table *t)
{
	spin_lock(&t->lock);
	t->head = 5;
	spin_unlock(&t->lock);
	t->hits = 5;
	smp_wmb();
	spin_lock(&t->lock);
	t->tail = 5;
	spin_unlock(&t->lock);
}

/* mutexes and R/W locks: the LKMM does not model them, herd7 proves nothing */
void table_mutex_move(struct table *t)
{
	mutex_lock(&t->mutex);
	t->head = 6;
	mutex_unlock(&t->mutex);
	smp_wmb();
	mutex_lock(&t->mutex);
	t->tail = 6;
	mutex_unlock(&t->mutex);
}

void table_rw_move(struct table *t)
{
	write_lock(&t->lock);
	t->head = 7;
	write_unlock(&t->lock);
	smp_wmb();
	write_lock(&t->lock);
	t->tail = 7;
	write_unlock(&t->lock);
}

/* a trylock orders nothing when it fails */
int spin_trylock(spinlock_t *l);

void table_try_move(struct table *t)
{
	spin_lock(&t->lock);
	t->head = 8;
	spin_unlock(&t->lock);
	smp_wmb();
	if (spin_trylock(&t->lock)) {
		t->tail = 8;
		spin_unlock(&t->lock);
	}
}

/* ---- callees whose edge does not order what the caller's fence does ---- */

/* set_current_state(), then a store, then the barrier the store needs */
void chan_wait_flag(struct chan *c)
{
	set_current_state(1);
	c->state = 8;
	smp_mb();
	if (!READ_ONCE(c->ready))
		schedule();
}

/* a seqcount writer: its helpers' smp_wmb()s, the caller's own between */
static void table_write_begin(struct table *t)
{
	write_seqcount_begin(&t->seq);
}

static void table_write_end(struct table *t)
{
	write_seqcount_end(&t->seq);
}

void table_seq_update(struct table *t)
{
	table_write_begin(t);
	t->head = 9;
	smp_wmb();
	t->tail = 9;
	table_write_end(t);
}

/* smp_store_release() at a callee's end: orders what is before it, not
 * the store itself before the caller's next store */
static void table_publish_slot(struct table *t, int *p)
{
	*p = 10;
	smp_store_release(&t->slot, p);
}

void table_publish_and_flag(struct table *t, int *p)
{
	table_publish_slot(t, p);
	smp_wmb();
	t->tail = 10;
}

/* smp_rmb() at a callee's end does not order stores */
static int table_read_head(struct table *t)
{
	int h = t->head;

	smp_rmb();
	return h + t->hits;
}

void table_read_then_flag(struct table *t)
{
	(void)table_read_head(t);
	t->misses = 11;
	smp_wmb();
	t->tail = 11;
}

static void table_fill(struct table *t)
{
	t->head = 12;
	smp_rmb();
}

void table_fill_and_flag(struct table *t)
{
	table_fill(t);
	smp_wmb();
	t->tail = 12;
}

/* smp_wmb() at a callee's end, smp_mb() in the caller: the caller's is
 * the stronger one */
static void table_fill_w(struct table *t)
{
	t->head = 13;
	smp_wmb();
}

int table_fill_and_check(struct table *t)
{
	table_fill_w(t);
	smp_mb();
	return t->hits;
}

/* a void RMW and a conditional one order nothing
 * (MP+onceatomiconce+fencermbonceonce.litmus: Sometimes) */
static void table_count(struct table *t)
{
	t->head = 14;
	atomic_inc(&t->gen);
}

void table_count_and_flag(struct table *t)
{
	table_count(t);
	smp_wmb();
	t->tail = 14;
}

static void table_claim(struct table *t)
{
	t->head = 15;
	atomic_cmpxchg(&t->gen, 0, 1);
}

void table_claim_and_flag(struct table *t)
{
	table_claim(t);
	smp_wmb();
	t->tail = 15;
}

/* ---- a call between two fences that does touch memory ---- */

static void table_touch(struct table *t)
{
	t->hits = 16;
}

void external_hook(void);

int table_touch_between(struct table *t)
{
	t->head = 16;
	smp_mb();
	table_touch(t);
	smp_mb();
	return t->tail;
}

int table_hook_between(struct table *t)
{
	t->head = 17;
	smp_mb();
	external_hook();
	smp_mb();
	return t->tail;
}

/* wmb then a call then rmb: neither orders all the other does */
static int table_square(int x)
{
	return x * x;
}

int table_wmb_rmb(struct table *t)
{
	int r;

	t->head = 18;
	smp_wmb();
	r = table_square(3);
	smp_rmb();
	return r + t->tail;
}

