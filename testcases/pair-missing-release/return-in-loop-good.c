// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release, quiet: the store of the data is in a leg that
 * returns, inside a loop; the flag is stored after the loop. No run
 * of ring_put() stores both (ringbuf_acquire() of rmind/ringbuf gave a
 * false pair-wrong-barrier so: a leg's return inside its do-while).
 */
#include <ordercheck/linux.h>

// expect-no-diagnostics

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
			WRITE_ONCE(r->data, v);
			return;
		}
	}
	WRITE_ONCE(r->flag, 1);
}

int ring_get(struct ring *r)
{
	if (smp_load_acquire(&r->flag))
		return READ_ONCE(r->data);
	return -1;
}
