// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-unannotated after the fix: a new reader goes back to
 * READ_ONCE() on the __rcu pointer. sparse and ordercheck catch it on the
 * same line (run-sparse.sh compares sparse's warnings with the
 * expectations here).
 */
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
	rcu_assign_pointer(r->head, b); // expect-note[addr-dep-unannotated] {{published here}}
}

int new_consumer(struct ring *r)
{
	struct buf *b = READ_ONCE(r->head); // expect-remark[addr-dep-unannotated] {{against rcu_assign_pointer() in ring_publish()}}

	return b->len; // expect-note[addr-dep-unannotated] {{dereferenced here}}
}
