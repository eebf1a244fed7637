// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release in liburcu 0.15's memory-order API: the flag
 * stored with uatomic_store() and no order, which is CMM_RELAXED
 * (include/urcu/uatomic/api.h), while the reader loads it with
 * CMM_ACQUIRE. The installed liburcu is 0.13, which lacks the API: the
 * shim under testcases/shim/urcu-0.15/ defines it as 0.15.0 does.
 */
#define _LGPL_SOURCE
#include <urcu/uatomic.h>
#include "../shim/urcu-0.15/urcu/uatomic-mo.h"

struct chan {
	int seq;
	int val;
};

/* bad: the flag stored relaxed (the default) */
void chan_send(struct chan *c, int v)
{
	uatomic_store(&c->val, v); // expect-note[pair-missing-release] {{chan_send() stores 'chan.val' here}}
	uatomic_store(&c->seq, 1); // expect-warning[pair-missing-release] {{'chan.seq' is stored}} expect-note[pair-missing-release] {{then stores 'chan.seq' here}}
}

int chan_recv(struct chan *c)
{
	if (!uatomic_load(&c->seq, CMM_ACQUIRE)) // expect-note[pair-missing-release] {{chan_recv() reads 'chan.seq' here}}
		return -1;
	return uatomic_load(&c->val); // expect-note[pair-missing-release] {{then reads 'chan.val' here}}
}

struct mbox {
	int seq;
	int val;
};

/* good: a release store, as the order argument says */
void mbox_send(struct mbox *m, int v)
{
	uatomic_store_mo(&m->val, v, CMM_RELAXED);
	uatomic_store_mo(&m->seq, 1, CMM_RELEASE);
}

int mbox_recv(struct mbox *m)
{
	if (!uatomic_load_mo(&m->seq, CMM_ACQUIRE))
		return -1;
	return uatomic_load_mo(&m->val, CMM_RELAXED);
}
