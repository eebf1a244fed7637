// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release: return-in-loop-good.c with the leg falling
 * through instead of returning: a run stores the data, leaves the loop and
 * stores the flag, with nothing ordering the two stores.
 */
#include <ordercheck/linux.h>

struct ring {
	int data;
	int flag;
	int full;
	int seq;
};

void ring_put(struct ring *r, int v)
{
	while (cmpxchg(&r->seq, 0, 1)) {
		if (READ_ONCE(r->full)) {
			WRITE_ONCE(r->data, v); // expect-note[pair-missing-release] {{ring_put() stores 'ring.data' here}}
			break;
		}
	}
	WRITE_ONCE(r->flag, 1); // expect-warning[pair-missing-release] {{'ring.flag' is stored after 'ring.data' with nothing ordering the two stores, but ring_get() reads them in the other order with an acquire (smp_load_acquire()): use smp_store_release() for 'ring.flag' (or smp_wmb() between)}} expect-note[pair-missing-release] {{then stores 'ring.flag' here}}
}

int ring_get(struct ring *r)
{
	if (smp_load_acquire(&r->flag)) // expect-note[pair-missing-release] {{ring_get() reads 'ring.flag' here}}
		return READ_ONCE(r->data); // expect-note[pair-missing-release] {{then reads 'ring.data' here}}
	return -1;
}
