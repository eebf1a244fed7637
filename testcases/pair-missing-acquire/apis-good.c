// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, good: real idioms built on the kernel's APIs, whose
 * reader side is ordered by the API itself, stay quiet: a pair under one
 * lock, an RCU hash list filled before hlist_add_head_rcu() and walked with
 * hlist_for_each_entry_rcu(), a flag waited for with
 * smp_cond_load_acquire(), a completion, a sequence counter, a bit lock.
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

/* under one lock: the lock orders both sides */
struct stat_box {
	spinlock_t lock;
	int total;
	int valid;
};

void box_update(struct stat_box *b, int t)
{
	spin_lock(&b->lock);
	WRITE_ONCE(b->total, t);
	smp_wmb();
	WRITE_ONCE(b->valid, 1);
	spin_unlock(&b->lock);
}

int box_read(struct stat_box *b)
{
	int t = -1;

	spin_lock(&b->lock);
	if (READ_ONCE(b->valid))
		t = READ_ONCE(b->total);
	spin_unlock(&b->lock);
	return t;
}

/* an RCU hash list: the entry is complete before it is published */
struct conn {
	int port;
	int state;
	struct hlist_node link;
};
struct conn_table {
	struct hlist_head bucket;
};

void conn_insert(struct conn_table *t, struct conn *c, int port)
{
	c->port = port;
	c->state = 1;
	hlist_add_head_rcu(&c->link, &t->bucket);
}

int conn_state(struct conn_table *t, int port)
{
	struct conn *c;
	int st = 0;

	rcu_read_lock();
	hlist_for_each_entry_rcu(c, &t->bucket, link)
		if (c->port == port)
			st = c->state;
	rcu_read_unlock();
	return st;
}

/* a flag waited for with an acquire */
struct job {
	int result;
	int done;
};

void job_finish(struct job *j, int r)
{
	WRITE_ONCE(j->result, r);
	smp_store_release(&j->done, 1);
}

int job_wait(struct job *j)
{
	smp_cond_load_acquire(&j->done, VAL);
	return READ_ONCE(j->result);
}

/* a completion: complete() releases, wait_for_completion() acquires */
struct probe {
	struct completion ready;
	int id;
	int flags;
};

void probe_done(struct probe *p, int id)
{
	WRITE_ONCE(p->id, id);
	WRITE_ONCE(p->flags, 1);
	complete(&p->ready);
}

int probe_wait(struct probe *p)
{
	wait_for_completion(&p->ready);
	return READ_ONCE(p->id) + READ_ONCE(p->flags);
}

/* a sequence counter: the reader's begin and retry order its reads */
struct clock {
	seqcount_t seq;
	int sec;
	int nsec;
};

void clock_set(struct clock *c, int s, int ns)
{
	write_seqcount_begin(&c->seq);
	WRITE_ONCE(c->sec, s);
	WRITE_ONCE(c->nsec, ns);
	write_seqcount_end(&c->seq);
}

int clock_get(struct clock *c)
{
	unsigned start;
	int s, ns;

	do {
		start = read_seqcount_begin(&c->seq);
		s = READ_ONCE(c->sec);
		ns = READ_ONCE(c->nsec);
	} while (read_seqcount_retry(&c->seq, start));
	return s + ns;
}

/* a bit lock: clear_bit_unlock() releases, wait_on_bit() acquires */
struct buf {
	unsigned long state;
	int len;
};

void buf_fill(struct buf *b, int len)
{
	WRITE_ONCE(b->len, len);
	clear_bit_unlock(0, &b->state);
}

int buf_len(struct buf *b)
{
	wait_on_bit(&b->state, 0, 0);
	return READ_ONCE(b->len);
}

/*
 * a sleeper's barrier orders its queue entry against its condition only:
 * the waker that reads a hint before testing the queue (mm/vmscan.c's
 * wakeup_kswapd()) pairs with nothing
 */
struct reclaimer {
	wait_queue_head_t wait;
	int order;
};

void reclaimer_sleep(struct reclaimer *r, int order)
{
	struct wait_queue_entry w;

	prepare_to_wait(&r->wait, &w, 1);
	WRITE_ONCE(r->order, order);
	finish_wait(&r->wait, &w);
}

int reclaimer_wake(struct reclaimer *r, int order)
{
	if (READ_ONCE(r->order) < order)
		return 0;
	return waitqueue_active(&r->wait);
}

/* a seqcount reader's copies, read after the retry (timekeeping.c) */
struct ts {
	long sec;
	long nsec;
};
struct tk {
	seqcount_t seq;
	struct ts wall;
};

void tk_set(struct tk *t, long s)
{
	write_seqcount_begin(&t->seq);
	WRITE_ONCE(t->wall.sec, s);
	WRITE_ONCE(t->wall.nsec, 0);
	write_seqcount_end(&t->seq);
}

long tk_get(struct tk *t)
{
	struct ts copy;
	unsigned start;

	do {
		start = read_seqcount_begin(&t->seq);
		copy = t->wall;
	} while (read_seqcount_retry(&t->seq, start));
	return copy.sec + copy.nsec;
}
