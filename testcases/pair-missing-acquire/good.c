// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, good: the reader's side of real idioms orders its
 * reads (or needs no order), and must stay quiet.
 */
#include <ordercheck/linux.h>
#include <stdatomic.h>
// expect-no-diagnostics

struct req {
	int result;
	int done;
};

void req_complete(struct req *r, int res)
{
	WRITE_ONCE(r->result, res);
	smp_wmb();
	WRITE_ONCE(r->done, 1);
}

/* smp_rmb() between, as memory-barriers.txt pairs it */
int req_poll_rmb(struct req *r)
{
	if (!READ_ONCE(r->done))
		return -1;
	smp_rmb();
	return READ_ONCE(r->result);
}

/* an acquire load of the flag */
int req_poll_acquire(struct req *r)
{
	if (!smp_load_acquire(&r->done))
		return -1;
	return READ_ONCE(r->result);
}

/* smp_cond_load_acquire(): the spin ends in an acquire */
int req_wait(struct req *r)
{
	smp_cond_load_acquire(&r->done, VAL);
	return READ_ONCE(r->result);
}

/* smp_acquire__after_ctrl_dep() after the spin */
int req_wait_ctrl(struct req *r)
{
	while (!READ_ONCE(r->done))
		;
	smp_acquire__after_ctrl_dep();
	return READ_ONCE(r->result);
}

/* RCU publish and subscribe: the address dependency orders the reader */
struct cfg {
	int a, b;
};
struct cfg __rcu *cur_cfg;

void cfg_publish(struct cfg *c)
{
	c->a = 1;
	c->b = 2;
	rcu_assign_pointer(cur_cfg, c);
}

int cfg_read(void)
{
	struct cfg *c;
	int r;

	rcu_read_lock();
	c = rcu_dereference(cur_cfg);
	r = c ? c->a + c->b : 0;
	rcu_read_unlock();
	return r;
}

/* a seqcount reader: the retry orders, the header's inlines say how */
struct snap {
	seqcount_t seq;
	int x, y;
};

void snap_write(struct snap *s, int x, int y)
{
	write_seqcount_begin(&s->seq);
	WRITE_ONCE(s->x, x);
	WRITE_ONCE(s->y, y);
	write_seqcount_end(&s->seq);
}

int snap_read(struct snap *s)
{
	unsigned seq;
	int x, y;

	do {
		seq = read_seqcount_begin(&s->seq);
		x = READ_ONCE(s->x);
		y = READ_ONCE(s->y);
	} while (read_seqcount_retry(&s->seq, seq));
	return x + y;
}

/* the circular buffer of Documentation/core-api/circular-buffers.rst */
struct circ {
	int head, tail;
	int buf[16];
};

void circ_produce(struct circ *b, int item)
{
	int head = b->head;
	int tail = READ_ONCE(b->tail);

	if (((tail - head - 1) & 15) >= 1) {
		b->buf[head] = item;
		smp_store_release(&b->head, (head + 1) & 15);
	}
}

int circ_consume(struct circ *b)
{
	int head = smp_load_acquire(&b->head);
	int tail = b->tail;
	int item = -1;

	if (((head - tail) & 15) >= 1) {
		item = b->buf[tail];
		smp_store_release(&b->tail, (tail + 1) & 15);
	}
	return item;
}

/* llist: llist_add() and llist_del_all() are fully ordered */
struct work {
	struct llist_node node;
	int arg;
};
struct llist_head pending;

void work_queue(struct work *w, int arg)
{
	w->arg = arg;
	llist_add(&w->node, &pending);
}

int work_run(void)
{
	struct llist_node *n = llist_del_all(&pending);
	struct work *w = container_of(n, struct work, node);

	return n ? w->arg : 0;
}

/* C11 release/acquire */
struct chan {
	_Atomic int seq;
	_Atomic int val;
};

void chan_send(struct chan *c, int v)
{
	atomic_store_explicit(&c->val, v, memory_order_relaxed);
	atomic_store_explicit(&c->seq, 1, memory_order_release);
}

int chan_recv(struct chan *c)
{
	if (!atomic_load_explicit(&c->seq, memory_order_acquire))
		return -1;
	return atomic_load_explicit(&c->val, memory_order_relaxed);
}

/* nothing orders the writer either: no pairing is meant (statistics) */
struct stats {
	int hits, misses;
};

void stats_count(struct stats *s)
{
	WRITE_ONCE(s->hits, s->hits + 1);
	WRITE_ONCE(s->misses, s->misses + 1);
}

int stats_read(struct stats *s)
{
	return READ_ONCE(s->misses) + READ_ONCE(s->hits);
}
