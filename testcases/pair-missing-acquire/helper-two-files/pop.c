// SPDX-License-Identifier: GPL-2.0
/* The reader: ring_head() (head.c) reads the flag, then the data here. */
#include "ring.h"

int ring_pop(struct ring *r, int seen)
{
	if (ring_head(r) == seen) // expect-note {{'ring.head' is read in ring_head() called here (depth 1)}} expect-note[pair-missing-acquire] {{ring_pop() reads 'ring.head' here}}
		return -1;
	return READ_ONCE(r->slot); // expect-warning[pair-missing-acquire] {{'ring.slot' is read after 'ring.head' with nothing ordering the two reads, but ring_push() orders its stores to them with smp_wmb()}} expect-note[pair-missing-acquire] {{then reads 'ring.slot' here}}
}
