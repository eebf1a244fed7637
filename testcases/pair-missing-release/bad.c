// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release: the reader orders its reads, the writer does not
 * order its stores.
 */
#include <ordercheck/linux.h>

struct slot {
	int data;
	int full;
};

/* the writer: nothing between the data and the flag */
void slot_put(struct slot *s, int v)
{
	s->data = v;
	WRITE_ONCE(s->full, 1); // expect-warning[pair-missing-release] {{'slot.full' is stored after 'slot.data' with nothing ordering the two stores, but slot_get() reads them in the other order with an acquire (smp_load_acquire()): use smp_store_release() for 'slot.full'}}
}

int slot_get(struct slot *s)
{
	if (!smp_load_acquire(&s->full))
		return -1;
	return s->data;
}

struct ev {
	int code;
	int seq;
};

/* a writer whose reader uses smp_rmb(): the writer needs smp_wmb() */
void ev_post(struct ev *e, int code)
{
	WRITE_ONCE(e->code, code);
	WRITE_ONCE(e->seq, e->seq + 1); // expect-warning[pair-missing-release] {{with smp_rmb()}}
}

int ev_read(struct ev *e, int *code)
{
	int seq = READ_ONCE(e->seq);

	smp_rmb();
	*code = READ_ONCE(e->code);
	return seq;
}
