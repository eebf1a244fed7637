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
	set_current_state(1); // expect-note[redundant-barrier] {{the full barrier of 'set_current_state()'}}
	smp_mb(); // expect-warning[redundant-barrier] {{smp_mb() directly after 'set_current_state()', which has a full barrier after its access; the barrier is redundant}}
	if (!READ_ONCE(c->ready))
		schedule();
	__set_current_state(0);
}

/* prepare_to_wait() ends with set_current_state() */
void chan_wait_queue(struct chan *c)
{
	struct wait_queue_entry w;

	prepare_to_wait(&c->wq, &w, 1); // expect-note[redundant-barrier] {{the full barrier of 'prepare_to_wait()'}}
	smp_mb(); // expect-warning[redundant-barrier] {{directly after 'prepare_to_wait()'}}
	if (!READ_ONCE(c->ready))
		schedule();
	finish_wait(&c->wq, &w);
}

/* smp_store_mb() is WRITE_ONCE() and smp_mb() */
void chan_set(struct chan *c)
{
	smp_store_mb(c->state, 1); // expect-note[redundant-barrier] {{the full barrier of 'smp_store_mb()'}}
	smp_mb(); // expect-warning[redundant-barrier] {{directly after 'smp_store_mb()'}}
	if (READ_ONCE(c->ready))
		WRITE_ONCE(c->state, 2);
}

/* wq_has_sleeper() is smp_mb() and waitqueue_active() */
void chan_signal(struct chan *c)
{
	c->ready = 1;
	smp_mb(); // expect-warning[redundant-barrier] {{smp_mb() directly before 'wq_has_sleeper()', which has a full barrier before its access}}
	if (wq_has_sleeper(&c->wq)) // expect-note[redundant-barrier] {{the full barrier of 'wq_has_sleeper()'}}
		wake_up(&c->wq);
}

/* the callee variant: a helper of this file that ends with the barrier */
static void chan_arm(struct chan *c)
{
	c->state = 3;
	smp_mb(); // expect-note[redundant-barrier] {{'smp_mb()' at the end of 'chan_arm()'}}
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
	CHAN_PREPARE(c); // expect-note[redundant-barrier] {{the full barrier of 'set_current_state()'}}
	smp_mb(); // expect-warning[redundant-barrier] {{directly after 'set_current_state()'}}
	if (!READ_ONCE(c->ready))
		schedule();
}

/* ---- a barrier a lock operation makes redundant (LKMM) ---- */

struct table {
	spinlock_t lock, stats_lock;
	atomic_t gen;
	unsigned long seq;
	int head, tail, hits, misses;
};

/*
 * spin_unlock(); spin_lock(); on one CPU orders the stores before the
 * unlock against those after the lock (po-unlock-lock-po):
 * MP+unlockwmblockonceonce+fencermbonceonce.litmus
 */
void table_move(struct table *t)
{
	spin_lock(&t->lock);
	WRITE_ONCE(t->head, 1);
	spin_unlock(&t->lock); // expect-note[redundant-barrier] {{the unlock is here}}
	smp_wmb(); // expect-warning[redundant-barrier] {{smp_wmb() directly between 'spin_unlock()' and 'spin_lock()': an unlock followed by a lock on one CPU already orders the stores before it against the stores after it}}
	spin_lock(&t->lock); // expect-note[redundant-barrier] {{the lock is here}}
	WRITE_ONCE(t->tail, 2);
	spin_unlock(&t->lock);
}

/* two locks, the irqsave spellings, loads: the smp_rmb() twin */
int table_sample(struct table *t)
{
	unsigned long flags;
	int h, m;

	spin_lock_irqsave(&t->lock, flags);
	h = READ_ONCE(t->hits);
	spin_unlock_irqrestore(&t->lock, flags); // expect-note[redundant-barrier] {{the unlock is here}}
	smp_rmb(); // expect-warning[redundant-barrier] {{smp_rmb() directly between 'spin_unlock_irqrestore()' and 'spin_lock_irqsave()': an unlock followed by a lock on one CPU already orders the loads before it against the loads after it}}
	spin_lock_irqsave(&t->stats_lock, flags); // expect-note[redundant-barrier] {{the lock is here}}
	m = READ_ONCE(t->misses);
	spin_unlock_irqrestore(&t->stats_lock, flags);
	return h + m;
}

/* the callee variant: helpers that end with the unlock, begin with the lock */
static void table_unlock(struct table *t)
{
	WRITE_ONCE(t->hits, 0);
	spin_unlock(&t->lock); // expect-note[redundant-barrier] {{'spin_unlock()' at the end of 'table_unlock()'}}
}

static void table_lock_stats(struct table *t)
{
	spin_lock_bh(&t->stats_lock); // expect-note[redundant-barrier] {{'spin_lock_bh()' at the start of 'table_lock_stats()'}}
	WRITE_ONCE(t->misses, 0);
}

void table_reset(struct table *t)
{
	spin_lock(&t->lock);
	table_unlock(t);
	smp_wmb(); // expect-warning[redundant-barrier] {{smp_wmb() directly between 'table_unlock()' and 'table_lock_stats()'}}
	table_lock_stats(t);
	spin_unlock_bh(&t->stats_lock);
}

/* the macro variant: the driver's own lock macros */
#define TABLE_UNLOCK(t) raw_spin_unlock(&(t)->lock)
#define TABLE_LOCK(t) raw_spin_lock(&(t)->lock)

void table_bump(struct table *t)
{
	TABLE_LOCK(t);
	WRITE_ONCE(t->head, 3);
	TABLE_UNLOCK(t); // expect-note[redundant-barrier] {{the unlock is here}}
	smp_wmb(); // expect-warning[redundant-barrier] {{smp_wmb() directly between 'raw_spin_unlock()' and 'raw_spin_lock()'}}
	TABLE_LOCK(t); // expect-note[redundant-barrier] {{the lock is here}}
	WRITE_ONCE(t->tail, 4);
	TABLE_UNLOCK(t);
}

/* ---- the same fence at a callee's edge and beside its call ---- */

static void table_fill(struct table *t)
{
	WRITE_ONCE(t->head, 5);
	smp_wmb(); // expect-note[redundant-barrier] {{'smp_wmb()' at the end of 'table_fill()'}}
}

/* table_fill() ends with smp_wmb(): MP+fencewmbwmbonceonce+fencermbonceonce.litmus */
void table_publish(struct table *t)
{
	table_fill(t);
	smp_wmb(); // expect-warning[redundant-barrier] {{smp_wmb() directly after 'table_fill()', which ends with smp_wmb()}}
	WRITE_ONCE(t->tail, 5);
}

static int table_peek(struct table *t)
{
	smp_rmb(); // expect-note[redundant-barrier] {{'smp_rmb()' at the start of 'table_peek()'}}
	return READ_ONCE(t->head);
}

int table_read(struct table *t)
{
	int tail = READ_ONCE(t->tail);

	smp_rmb(); // expect-warning[redundant-barrier] {{smp_rmb() directly before 'table_peek()', which begins with smp_rmb()}}
	return tail + table_peek(t);
}

/* a callee's full barrier covers the caller's smp_wmb() */
static void table_seal(struct table *t)
{
	t->hits = 6;
	smp_mb(); // expect-note[redundant-barrier] {{'smp_mb()' at the end of 'table_seal()'}} expect-note[redundant-barrier] {{'smp_mb()' at the end of 'table_seal_all()'}}
}

void table_seal_and_flag(struct table *t)
{
	table_seal(t);
	smp_wmb(); // expect-warning[redundant-barrier] {{smp_wmb() directly after 'table_seal()', which ends with smp_mb()}}
	WRITE_ONCE(t->tail, 6);
}

/* and a fully ordered RMW at its end: MP+onceatomicreturnonce+fencermbonceonce.litmus */
static int table_next_gen(struct table *t)
{
	WRITE_ONCE(t->head, 7);
	return atomic_inc_return(&t->gen); // expect-note[redundant-barrier] {{'atomic_inc_return()' at the end of 'table_next_gen()'}}
}

int table_rotate(struct table *t)
{
	int g = table_next_gen(t);

	smp_wmb(); // expect-warning[redundant-barrier] {{smp_wmb() directly after 'table_next_gen()', which ends with atomic_inc_return()}}
	WRITE_ONCE(t->tail, g);
	return g;
}

/* a callee of a callee */
static void table_seal_all(struct table *t)
{
	WRITE_ONCE(t->misses, 0);
	table_seal(t);
}

void table_close(struct table *t)
{
	table_seal_all(t);
	smp_mb(); // expect-warning[redundant-barrier] {{smp_mb() directly after 'table_seal_all()', which ends with smp_mb()}}
	if (READ_ONCE(t->hits))
		WRITE_ONCE(t->tail, 8);
}

/* the RMW written in the function: MP+fencewmbonceonce+onceatomicreturnonce.litmus */
struct gen_box {
	atomic_t gen;
	int data;
};

void gen_box_fill(struct gen_box *b)
{
	WRITE_ONCE(b->data, 1);
	smp_wmb();
	atomic_set(&b->gen, 1);
}

int gen_box_read(struct gen_box *b)
{
	int g = atomic_inc_return(&b->gen); // expect-note[redundant-barrier] {{'atomic_inc_return()' returns a value and is fully ordered (Documentation/atomic_t.txt)}}

	smp_rmb(); // expect-warning[redundant-barrier] {{smp_rmb() directly after 'atomic_inc_return()', which is fully ordered}}
	return g + READ_ONCE(b->data);
}

/* ---- the same fence on both sides of a call that orders nothing ---- */

static unsigned long table_hash(unsigned long seq)
{
	return seq * 2654435761UL;
}

unsigned long table_stamp(struct table *t, unsigned long seq)
{
	unsigned long h;

	t->head = 9;
	smp_mb(); // expect-note[redundant-barrier] {{'smp_mb()' here orders everything it does}}
	h = table_hash(seq);
	smp_mb(); // expect-warning[redundant-barrier] {{smp_mb() after 'table_hash()', which accesses no shared memory, right after smp_mb()}}
	return h + READ_ONCE(t->tail);
}

/* the macro variant: a user macro for the second barrier */
#define TABLE_FENCE() smp_wmb()

void table_stamp_w(struct table *t)
{
	WRITE_ONCE(t->head, 10);
	smp_wmb(); // expect-note[redundant-barrier] {{'smp_wmb()' here orders everything it does}}
	(void)table_hash(1);
	TABLE_FENCE(); // expect-warning[redundant-barrier] {{smp_wmb() after 'table_hash()', which accesses no shared memory, right after smp_wmb()}}
	WRITE_ONCE(t->tail, 10);
}

/* the weaker one goes, whichever side it is on */
void table_stamp_wm(struct table *t)
{
	WRITE_ONCE(t->head, 11);
	smp_wmb(); // expect-warning[redundant-barrier] {{smp_wmb() before 'table_hash()', which accesses no shared memory, right before smp_mb()}}
	(void)table_hash(2);
	smp_mb(); // expect-note[redundant-barrier] {{'smp_mb()' here orders everything it does}}
	if (READ_ONCE(t->hits))
		WRITE_ONCE(t->tail, 11);
}
