// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, quiet: the helper that reads the flag does it with
 * an acquire, or a helper called between the reads has smp_rmb(), or a
 * function outside the tree whose name says it waits is called between
 * them (it may order: we cannot tell).
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

void wait_for_peer(void);

struct ring {
	int slot;
	int head;
};

void ring_push(struct ring *r, int v)
{
	WRITE_ONCE(r->slot, v);
	smp_wmb();
	WRITE_ONCE(r->head, r->head + 1);
}

static int ring_head(struct ring *r)
{
	return smp_load_acquire(&r->head);
}

int ring_pop(struct ring *r, int seen)
{
	if (ring_head(r) == seen)
		return -1;
	return READ_ONCE(r->slot);
}

struct msg {
	int body;
	int ready;
};

void msg_send(struct msg *m, int v)
{
	WRITE_ONCE(m->body, v);
	smp_store_release(&m->ready, 1);
}

static void msg_order(void)
{
	smp_rmb();
}

int msg_recv(struct msg *m)
{
	int ready = READ_ONCE(m->ready);

	msg_order();
	if (!ready)
		return -1;
	return READ_ONCE(m->body);
}

struct evt {
	int code;
	int seq;
};

void evt_post(struct evt *e, int code)
{
	WRITE_ONCE(e->code, code);
	smp_wmb();
	WRITE_ONCE(e->seq, e->seq + 1);
}

int evt_read(struct evt *e, int seen)
{
	if (READ_ONCE(e->seq) == seen)
		return -1;
	wait_for_peer();
	return READ_ONCE(e->code);
}
