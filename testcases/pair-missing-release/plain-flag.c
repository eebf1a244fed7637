// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release with a plain flag: the reader orders with an
 * acquire, the writer stores the flag with a plain store and nothing
 * before it.
 */
#include <ordercheck/linux.h>

struct slot {
	void *obj;
	int valid;
};

void slot_fill(struct slot *s, void *o)
{
	s->obj = o; // expect-note[pair-missing-release] {{slot_fill() stores 'slot.obj' here}}
	s->valid = 1; // expect-remark[pair-missing-release] {{'slot.valid' is stored after 'slot.obj' with nothing ordering the two stores, but slot_get() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'slot.valid' here}} expect-note[pair-missing-release] {{'slot.valid' is stored with a plain access here, but slot_get() reads it as a marked flag}}
}

void *slot_get(struct slot *s)
{
	if (smp_load_acquire(&s->valid)) // expect-note[pair-missing-release] {{slot_get() reads 'slot.valid' here}}
		return s->obj; // expect-note[pair-missing-release] {{then reads 'slot.obj' here}}
	return NULL;
}
