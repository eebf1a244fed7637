// SPDX-License-Identifier: GPL-2.0
/* addr-dep-unannotated: READ_ONCE() heads an address dependency no one named. */
#include <ordercheck/linux.h>

struct buf {
	int len;
	char data[64];
};

struct ring {
	struct buf *head;
	struct buf *spare;
};

void ring_publish(struct ring *r, struct buf *b)
{
	b->len = 1;
	smp_store_release(&r->head, b); // expect-note {{published here}}
}

int bad_consumer(struct ring *r)
{
	struct buf *b = READ_ONCE(r->head); // expect-remark[addr-dep-unannotated] {{the access through it ('b->len') against smp_store_release() in ring_publish()}}

	return b->len; // expect-note {{dereferenced here}}
}

void spare_publish(struct ring *r, struct buf *b)
{
	b->len = 2;
	smp_wmb();
	WRITE_ONCE(r->spare, b); // expect-note[addr-dep-unannotated] {{published here}}
}

/* a comment that says something else does not count */
int bad_spare(struct ring *r)
{
	/* take the spare buffer */
	struct buf *b = READ_ONCE(r->spare); // expect-remark[addr-dep-unannotated] {{against WRITE_ONCE() after smp_wmb() in spare_publish()}}

	return b ? READ_ONCE(b->len) : 0; // expect-note[addr-dep-unannotated] {{dereferenced here}}
}
