// SPDX-License-Identifier: GPL-2.0
/*
 * Both sides in one function that two CPUs may run at once: it consumes
 * when the slot is full and publishes when it is empty, and its consuming
 * leg reads the flag with no acquire. A function with an entry that never
 * runs beside itself (a work item's), whose two legs hold one lock, or
 * whose two sides are straight-line code one call runs both of, is quiet
 * (one-function-good.c).
 */
#include <ordercheck/linux.h>

struct slot {
	void *obj;
	int full;
};

void *slot_cycle(struct slot *s, void *o)
{
	void *r = NULL;

	if (READ_ONCE(s->full)) { // expect-note[pair-missing-acquire] {{slot_cycle() reads 'slot.full' here}}
		r = READ_ONCE(s->obj); // expect-warning[pair-missing-acquire] {{'slot.obj' is read after 'slot.full' with nothing ordering the two reads, but slot_cycle() orders its stores to them with a release (smp_store_release())}} expect-note[pair-missing-acquire] {{then reads 'slot.obj' here}}
	} else {
		WRITE_ONCE(s->obj, o); // expect-note[pair-missing-acquire] {{slot_cycle() stores 'slot.obj' here}}
		smp_store_release(&s->full, 1); // expect-note[pair-missing-acquire] {{then stores 'slot.full' here}}
	}
	return r;
}
