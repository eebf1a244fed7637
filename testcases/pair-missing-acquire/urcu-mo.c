// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire in liburcu 0.15's memory-order API: a release
 * store (uatomic_store(..., CMM_RELEASE)) read with relaxed loads
 * (uatomic_load() without an order is CMM_RELAXED, include/urcu/uatomic/
 * api.h). The installed liburcu is 0.13, which lacks the API: the shim
 * under testcases/shim/urcu-0.15/ defines it as 0.15.0 does.
 */
#define _LGPL_SOURCE
#include <urcu/uatomic.h>
#include "../shim/urcu-0.15/urcu/uatomic-mo.h"

struct chan {
	int seq;
	int val;
};

void chan_send(struct chan *c, int v)
{
	uatomic_store(&c->val, v); // expect-note[pair-missing-acquire] {{chan_send() stores 'chan.val' here}}
	uatomic_store(&c->seq, 1, CMM_RELEASE); // expect-note[pair-missing-acquire] {{then stores 'chan.seq' here}}
}

/* bad: the flag read relaxed (the default) */
int chan_recv(struct chan *c)
{
	if (!uatomic_load(&c->seq)) // expect-note[pair-missing-acquire] {{chan_recv() reads 'chan.seq' here}}
		return -1;
	return uatomic_load(&c->val); // expect-warning[pair-missing-acquire] {{'chan.val' is read after 'chan.seq'}} expect-note[pair-missing-acquire] {{then reads 'chan.val' here}}
}

struct mbox {
	int seq;
	int val;
};

void mbox_send(struct mbox *m, int v)
{
	uatomic_store_mo(&m->val, v, CMM_RELAXED);
	uatomic_store_mo(&m->seq, 1, CMM_RELEASE);
}

/* good: an acquire load of the flag */
int mbox_recv(struct mbox *m)
{
	if (!uatomic_load(&m->seq, CMM_ACQUIRE))
		return -1;
	return uatomic_load(&m->val);
}
