// SPDX-License-Identifier: GPL-2.0
/*
 * misplaced-barrier, good: barriers where their partners need them, and
 * the idioms that order the same two locations the same way on purpose.
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

/* an open-coded seqlock: the writer stores the counter on both sides */
struct snap {
	unsigned seq;
	long val;
};

void snap_write(struct snap *s, long v)
{
	WRITE_ONCE(s->seq, s->seq + 1);
	smp_wmb();
	WRITE_ONCE(s->val, v);
	smp_wmb();
	WRITE_ONCE(s->seq, s->seq + 1);
}

long snap_read(struct snap *s)
{
	unsigned seq;
	long v;

	do {
		seq = READ_ONCE(s->seq);
		smp_rmb();
		v = READ_ONCE(s->val);
		smp_rmb();
	} while (seq & 1 || READ_ONCE(s->seq) != seq);
	return v;
}

/* the seqcount API itself */
struct clock {
	seqcount_t seq;
	long ns;
};

void clock_set(struct clock *c, long ns)
{
	write_seqcount_begin(&c->seq);
	WRITE_ONCE(c->ns, ns);
	write_seqcount_end(&c->seq);
}

long clock_get(struct clock *c)
{
	unsigned start;
	long ns;

	do {
		start = read_seqcount_begin(&c->seq);
		ns = READ_ONCE(c->ns);
	} while (read_seqcount_retry(&c->seq, start));
	return ns;
}

/* message passing as documented: each barrier between its two accesses */
struct box {
	int item;
	int full;
};

void box_put(struct box *b, int v)
{
	b->item = v;
	smp_wmb();
	WRITE_ONCE(b->full, 1);
}

int box_get(struct box *b)
{
	if (!READ_ONCE(b->full))
		return -1;
	smp_rmb();
	return b->item;
}

/* smp_store_release() publishes, smp_load_acquire() and
 * smp_cond_load_acquire() read */
struct done {
	int result;
	int flag;
};

void done_signal(struct done *d, int r)
{
	d->result = r;
	smp_store_release(&d->flag, 1);
}

int done_wait(struct done *d)
{
	smp_cond_load_acquire(&d->flag, VAL);
	return d->result;
}

/*
 * kernel/locking/rwsem.c: the reader reads the count, then
 * smp_acquire__after_ctrl_dep(), then waits for its waiter's task to be
 * cleared; the waker stores the count and releases the task. Both go the
 * same way on purpose: the acquire after the control dependency pairs
 * with the releases of the count, not with a write barrier.
 */
struct sem {
	long count;
	void *task;
};

void sem_wake(struct sem *s, long adj)
{
	WRITE_ONCE(s->count, s->count + adj);
	smp_store_release(&s->task, NULL);
}

int sem_fast_read(struct sem *s)
{
	long c = READ_ONCE(s->count);

	if (c > 0) {
		smp_acquire__after_ctrl_dep();
		return READ_ONCE(s->task) == NULL;
	}
	return 0;
}

/*
 * kernel/rcu/srcutree.c: a full barrier between two reads orders them
 * for store buffering with another path; the writer that releases the
 * second is the structure's initialisation.
 */
struct gp {
	long last_end;
	long needed;
};

void gp_init(struct gp *g)
{
	WRITE_ONCE(g->last_end, 0);
	smp_store_release(&g->needed, 0);
}

int gp_idle(struct gp *g, long now)
{
	long t = READ_ONCE(g->last_end);

	smp_mb();
	return now - t > 10 && READ_ONCE(g->needed) == 0;
}
