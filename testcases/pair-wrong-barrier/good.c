// SPDX-License-Identifier: GPL-2.0
/* pair-wrong-barrier, good: each side with the barrier of the right kind. */
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

/* a full barrier on a side is never the wrong kind */
int msg_recv_mb(struct msg *m)
{
	int ready = READ_ONCE(m->ready);

	smp_mb();
	return ready ? READ_ONCE(m->data) : -1;
}

/* store buffering with smp_mb() and a fully ordered RMW */
int want_x, want_y;

int claim_x(void)
{
	smp_store_mb(want_x, 1); /* pairs with the xchg() in claim_y() */
	return !READ_ONCE(want_y);
}

int claim_y(void)
{
	xchg(&want_y, 1);
	return !READ_ONCE(want_x);
}
