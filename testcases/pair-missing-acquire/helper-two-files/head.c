// SPDX-License-Identifier: GPL-2.0
/* The helper, in a translation unit of its own; the writer beside it. */
#include "ring.h"

int ring_head(struct ring *r)
{
	return READ_ONCE(r->head); // expect-note[pair-missing-acquire] {{ring_head() reads 'ring.head' here}}
}

void ring_push(struct ring *r, int v)
{
	WRITE_ONCE(r->slot, v); // expect-note[pair-missing-acquire] {{ring_push() stores 'ring.slot' here}}
	smp_wmb(); // expect-note[pair-missing-acquire] {{ordered by smp_wmb() here}}
	WRITE_ONCE(r->head, r->head + 1); // expect-note[pair-missing-acquire] {{then stores 'ring.head' here}}
}
