// SPDX-License-Identifier: GPL-2.0
/*
 * Both sides in one function that two CPUs may run at once: it publishes
 * when the slot is empty and consumes when it is full, and its consuming
 * half reads the flag with no acquire. A function with an entry that
 * never runs beside itself (a work item's), or whose two halves hold one
 * lock, is quiet (one-function-good.c).
 */
#include <ordercheck/linux.h>

struct slot {
	void *obj;
	int full;
};

void *slot_cycle(struct slot *s, void *o)
{
	if (READ_ONCE(s->full))
		return READ_ONCE(s->obj); // expect-warning[pair-missing-acquire] {{'slot.obj' is read after 'slot.full' with nothing ordering the two reads, but slot_cycle() orders its stores to them with a release (smp_store_release())}}
	WRITE_ONCE(s->obj, o);
	smp_store_release(&s->full, 1);
	return NULL;
}
