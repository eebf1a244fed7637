// SPDX-License-Identifier: GPL-2.0
/* The helper, in a translation unit of its own; the writer beside it. */
#include "ring.h"
// expect-no-diagnostics

int ring_head(struct ring *r)
{
	return READ_ONCE(r->head);
}

void ring_push(struct ring *r, int v)
{
	WRITE_ONCE(r->slot, v);
	smp_wmb();
	WRITE_ONCE(r->head, r->head + 1);
}
