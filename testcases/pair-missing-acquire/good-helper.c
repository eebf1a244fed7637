// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, quiet: the helper that reads the flag does it with
 * an acquire, or a helper called between the reads has smp_rmb().
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

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
