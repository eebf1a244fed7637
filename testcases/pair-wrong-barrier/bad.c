// SPDX-License-Identifier: GPL-2.0
/*
 * pair-wrong-barrier: both sides order, one of them with a barrier that
 * does not order the accesses it stands between.
 */
#include <ordercheck/linux.h>

struct msg {
	int data;
	int ready;
};

/* smp_rmb() between two stores orders neither */
void msg_send(struct msg *m, int v)
{
	WRITE_ONCE(m->data, v); // expect-note[pair-wrong-barrier] {{msg_send() stores 'msg.data' here}}
	smp_rmb(); // expect-warning[pair-wrong-barrier] {{smp_rmb() does not order the stores of 'msg.data' and 'msg.ready' that msg_recv() reads in the other order: use smp_wmb()}} expect-note[pair-wrong-barrier] {{smp_rmb() here, which does not order them}}
	WRITE_ONCE(m->ready, 1); // expect-note[pair-wrong-barrier] {{then stores 'msg.ready' here}}
}

int msg_recv(struct msg *m)
{
	if (!READ_ONCE(m->ready)) // expect-note[pair-wrong-barrier] {{msg_recv() reads 'msg.ready' here}}
		return -1;
	smp_rmb(); // expect-note[pair-wrong-barrier] {{ordered by smp_rmb() here}}
	return READ_ONCE(m->data); // expect-note[pair-wrong-barrier] {{then reads 'msg.data' here}}
}

/* smp_wmb() between two loads orders neither */
struct cell {
	int val;
	int gen;
};

void cell_set(struct cell *c, int v)
{
	WRITE_ONCE(c->val, v); // expect-note[pair-wrong-barrier] {{cell_set() stores 'cell.val' here}}
	smp_wmb(); // expect-note[pair-wrong-barrier] {{ordered by smp_wmb() here}}
	WRITE_ONCE(c->gen, c->gen + 1); // expect-note[pair-wrong-barrier] {{then stores 'cell.gen' here}}
}

int cell_get(struct cell *c, int *gen)
{
	*gen = READ_ONCE(c->gen); // expect-note[pair-wrong-barrier] {{cell_get() reads 'cell.gen' here}}
	smp_wmb(); // expect-warning[pair-wrong-barrier] {{smp_wmb() does not order the loads of 'cell.gen' and 'cell.val' that cell_set() writes in the other order: use smp_rmb()}} expect-note[pair-wrong-barrier] {{smp_wmb() here, which does not order them}}
	return READ_ONCE(c->val); // expect-note[pair-wrong-barrier] {{then reads 'cell.val' here}}
}

/* store buffering with release and acquire: neither orders store->load */
int want_x, want_y;

int claim_x(void)
{
	smp_store_release(&want_x, 1); // expect-warning[pair-wrong-barrier] {{a release (smp_store_release()) does not order the store to 'want_x' before the load of 'want_y'}} expect-note[pair-wrong-barrier] {{claim_x() stores 'want_x' here}}
	return !smp_load_acquire(&want_y); // expect-note[pair-wrong-barrier] {{then loads 'want_y' here}}
}

int claim_y(void)
{
	xchg(&want_y, 1); // expect-note[pair-wrong-barrier] {{claim_y() stores 'want_y' here}}
	return !READ_ONCE(want_x); // expect-note[pair-wrong-barrier] {{then loads 'want_x' here}}
}
