// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire through callees: the reader's flag read is done by
 * a helper, and the data is read in its caller after the call; or a call
 * of a function outside the tree sits between its two reads. The writer
 * orders with smp_wmb(). The finding names the helper in a note.
 */
#include <ordercheck/linux.h>

void trace_peek(int v);

struct ring {
	int slot;
	int head;
};

void ring_push(struct ring *r, int v)
{
	WRITE_ONCE(r->slot, v); // expect-note[pair-missing-acquire] {{ring_push() stores 'ring.slot' here}}
	smp_wmb(); // expect-note[pair-missing-acquire] {{ordered by smp_wmb() here}}
	WRITE_ONCE(r->head, r->head + 1); // expect-note[pair-missing-acquire] {{then stores 'ring.head' here}}
}

static int ring_head(struct ring *r)
{
	return READ_ONCE(r->head); // expect-note[pair-missing-acquire] {{ring_head() reads 'ring.head' here}}
}

int ring_pop(struct ring *r, int seen)
{
	if (ring_head(r) == seen) // expect-note {{'ring.head' is read in ring_head() called here (depth 1)}} expect-note[pair-missing-acquire] {{ring_pop() reads 'ring.head' here}}
		return -1;
	return READ_ONCE(r->slot); // expect-warning[pair-missing-acquire] {{'ring.slot' is read after 'ring.head' with nothing ordering the two reads, but ring_push() orders its stores to them with smp_wmb(): use smp_load_acquire() for 'ring.head'}} expect-note[pair-missing-acquire] {{then reads 'ring.slot' here}}
}

struct msg {
	int body;
	int ready;
};

void msg_send(struct msg *m, int v)
{
	WRITE_ONCE(m->body, v); // expect-note[pair-missing-acquire] {{msg_send() stores 'msg.body' here}}
	smp_store_release(&m->ready, 1); // expect-note[pair-missing-acquire] {{then stores 'msg.ready' here}}
}

/* trace_peek() is not in the tree and its name says nothing of order */
int msg_recv(struct msg *m)
{
	int ready = READ_ONCE(m->ready); // expect-note[pair-missing-acquire] {{msg_recv() reads 'msg.ready' here}}

	trace_peek(ready);
	if (!ready)
		return -1;
	return READ_ONCE(m->body); // expect-warning[pair-missing-acquire] {{'msg.body' is read after 'msg.ready' with nothing ordering the two reads, but msg_send() orders its stores to them with a release}} expect-note[pair-missing-acquire] {{then reads 'msg.body' here}}
}
