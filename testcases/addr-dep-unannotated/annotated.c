// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-unannotated, the fix with __rcu: rcu_assign_pointer() and
 * rcu_dereference() on an __rcu pointer say what the dependency is for,
 * and sparse checks every other access to it (run-sparse.sh: silent).
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct buf {
	int len;
};

struct ring {
	struct buf __rcu *head;
};

void ring_publish(struct ring *r, struct buf *b)
{
	b->len = 1;
	rcu_assign_pointer(r->head, b);
}

int consumer(struct ring *r)
{
	struct buf *b;
	int v;

	rcu_read_lock();
	b = rcu_dereference(r->head);
	v = b ? b->len : 0;
	rcu_read_unlock();
	return v;
}
