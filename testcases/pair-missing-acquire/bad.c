// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire: the writer orders its two stores, the reader reads
 * them in the other order and nothing orders its reads.
 */
#include <ordercheck/linux.h>
#include <stdatomic.h>

struct req {
	int status;
	int result;
	int done;
};

/* the writer: result, then done, ordered by smp_wmb() */
void req_complete(struct req *r, int res)
{
	WRITE_ONCE(r->result, res); // expect-note[pair-missing-acquire] {{req_complete() stores 'req.result' here}}
	smp_wmb(); // expect-note[pair-missing-acquire] {{ordered by smp_wmb() here}}
	WRITE_ONCE(r->done, 1); // expect-note[pair-missing-acquire] {{then stores 'req.done' here}}
}

/* the reader polls done, then reads result with nothing between */
int req_poll(struct req *r, int *res)
{
	int done = READ_ONCE(r->done); // expect-note[pair-missing-acquire] {{req_poll() reads 'req.done' here}}

	*res = READ_ONCE(r->result); // expect-warning[pair-missing-acquire] {{'req.result' is read after 'req.done' with nothing ordering the two reads, but req_complete() orders its stores to them with smp_wmb(): use smp_load_acquire() for 'req.done'}} expect-note[pair-missing-acquire] {{then reads 'req.result' here}}
	return done;
}

/* S: the writer orders status before done with a release ... */
void req_finish(struct req *r)
{
	WRITE_ONCE(r->status, 2); // expect-note[pair-missing-acquire] {{req_finish() stores 'req.status' here}}
	smp_store_release(&r->done, 1); // expect-note[pair-missing-acquire] {{then stores 'req.done' here}}
}

/* ... the reader acknowledges by storing status, unordered after its read */
int req_ack(struct req *r)
{
	int done = READ_ONCE(r->done); // expect-note[pair-missing-acquire] {{req_ack() reads 'req.done' here}}

	WRITE_ONCE(r->status, 0); // expect-warning[pair-missing-acquire] {{'req.status' is stored after 'req.done' is read with nothing ordering them}} expect-note[pair-missing-acquire] {{then stores 'req.status' here}}
	return done;
}

/* C11: a release store read with relaxed loads */
struct chan {
	_Atomic int seq;
	_Atomic int val;
};

void chan_send(struct chan *c, int v)
{
	atomic_store_explicit(&c->val, v, memory_order_relaxed); // expect-note[pair-missing-acquire] {{chan_send() stores 'chan.val' here}}
	atomic_store_explicit(&c->seq, 1, memory_order_release); // expect-note[pair-missing-acquire] {{then stores 'chan.seq' here}}
}

int chan_recv(struct chan *c)
{
	if (!atomic_load_explicit(&c->seq, memory_order_relaxed)) // expect-note[pair-missing-acquire] {{chan_recv() reads 'chan.seq' here}}
		return -1;
	return atomic_load_explicit(&c->val, memory_order_relaxed); // expect-warning[pair-missing-acquire] {{use memory_order_acquire on the load of 'chan.seq'}} expect-note[pair-missing-acquire] {{then reads 'chan.val' here}}
}
