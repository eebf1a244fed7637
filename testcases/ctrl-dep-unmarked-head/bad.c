// SPDX-License-Identifier: GPL-2.0
/* ctrl-dep-unmarked-head: a plain load heads the control dependency. */
#include <ordercheck/linux.h>

struct ring {
	int head;
	int ready;
};

void writer(struct ring *r)
{
	WRITE_ONCE(r->head, 1);
}

int peek(struct ring *r)
{
	return READ_ONCE(r->head);
}

void bad_plain_head(struct ring *r)
{
	if (r->head) // expect-warning[ctrl-dep-unmarked-head] {{plain load of 'ring.head' heads the control dependency that orders WRITE_ONCE(r->ready, 1)}}
		WRITE_ONCE(r->ready, 1); // expect-note {{the store the branch is meant to order}}
}
