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
	WRITE_ONCE(m->data, v);
	smp_rmb(); // expect-warning[pair-wrong-barrier] {{smp_rmb() does not order the stores of 'msg.data' and 'msg.ready' that msg_recv() reads in the other order: use smp_wmb()}}
	WRITE_ONCE(m->ready, 1);
}

int msg_recv(struct msg *m)
{
	if (!READ_ONCE(m->ready))
		return -1;
	smp_rmb();
	return READ_ONCE(m->data);
}

/* smp_wmb() between two loads orders neither */
struct cell {
	int val;
	int gen;
};

void cell_set(struct cell *c, int v)
{
	WRITE_ONCE(c->val, v);
	smp_wmb();
	WRITE_ONCE(c->gen, c->gen + 1);
}

int cell_get(struct cell *c, int *gen)
{
	*gen = READ_ONCE(c->gen);
	smp_wmb(); // expect-warning[pair-wrong-barrier] {{smp_wmb() does not order the loads of 'cell.gen' and 'cell.val' that cell_set() writes in the other order: use smp_rmb()}}
	return READ_ONCE(c->val);
}

/* store buffering with release and acquire: neither orders store->load */
int want_x, want_y;

int claim_x(void)
{
	smp_store_release(&want_x, 1); // expect-warning[pair-wrong-barrier] {{a release (smp_store_release()) does not order the store to 'want_x' before the load of 'want_y'}}
	return !smp_load_acquire(&want_y);
}

int claim_y(void)
{
	xchg(&want_y, 1);
	return !READ_ONCE(want_x);
}
