// SPDX-License-Identifier: GPL-2.0
/* pair-unpaired-barrier, good: barriers with a partner in the tree. */
#include <ordercheck/linux.h>
// expect-no-diagnostics

struct msg {
	int data;
	int ready;
};

void msg_send(struct msg *m, int v)
{
	WRITE_ONCE(m->data, v);
	smp_wmb();
	WRITE_ONCE(m->ready, 1);
}

int msg_recv(struct msg *m)
{
	if (!READ_ONCE(m->ready))
		return -1;
	smp_rmb();
	return READ_ONCE(m->data);
}

/* a comment naming a partner that exists is trusted */
struct flagbox {
	int val;
	int set;
};

int flagbox_peek(struct flagbox *b);

void flagbox_set(struct flagbox *b, int v)
{
	WRITE_ONCE(b->val, v);
	/* Pairs with smp_rmb() in flagbox_peek(). */
	smp_wmb();
	WRITE_ONCE(b->set, 1);
}

int flagbox_peek(struct flagbox *b)
{
	if (!READ_ONCE(b->set))
		return -1;
	smp_rmb(); /* pairs with smp_wmb() in flagbox_set() */
	return READ_ONCE(b->val);
}

/* a barrier at the end: what it orders is in the callers */
struct ring {
	int slots[8];
	int prod;
};

void ring_fill(struct ring *r, int v)
{
	WRITE_ONCE(r->slots[0], v);
	smp_wmb();
}

/* mandatory barriers order device memory too: not ours to pair */
void dev_kick(struct ring *r, int v)
{
	WRITE_ONCE(r->slots[1], v);
	wmb();
	WRITE_ONCE(r->prod, 1);
}
