// SPDX-License-Identifier: GPL-2.0
/*
 * A flag plain on both sides, the reader ordering its reads with
 * smp_rmb(): the writer that stores data and flag plain with nothing
 * between is the careless side. A remark, as for any plain flag.
 */
#include <ordercheck/linux.h>

struct cfg {
	int val;
	int ready;
};

void cfg_set(struct cfg *c, int v)
{
	c->val = v; // expect-note[pair-missing-release] {{cfg_set() stores 'cfg.val' here}}
	c->ready = 1; // expect-remark[pair-missing-release] {{'cfg.ready' is stored after 'cfg.val' with nothing ordering the two stores, but cfg_get() reads them in the other order with smp_rmb()}} expect-note[pair-missing-release] {{then stores 'cfg.ready' here}} expect-note[pair-missing-release] {{'cfg.ready' is stored with a plain access here, but cfg_get() reads it as a plain flag}}
}

int cfg_get(struct cfg *c)
{
	if (c->ready) { // expect-note[pair-missing-release] {{cfg_get() reads 'cfg.ready' here}} expect-note[pair-missing-release] {{'cfg.ready' is read with a plain access here, but cfg_set() writes it as a plain flag}}
		smp_rmb(); // expect-note[pair-missing-release] {{ordered by smp_rmb() here}}
		return c->val; // expect-note[pair-missing-release] {{then reads 'cfg.val' here}}
	}
	return 0;
}

/* the data stored by a helper the writer calls */
struct slot {
	void *obj;
	int full;
};

static inline void slot_put(struct slot *s, void *o)
{
	s->obj = o; // expect-note[pair-missing-release] {{slot_put() writes 'slot.obj' here}}
}

void slot_fill(struct slot *s, void *o)
{
	slot_put(s, o); // expect-note[pair-missing-release] {{slot_fill() stores 'slot.obj' here}} expect-note[pair-missing-release] {{'slot.obj' is written in slot_put() called here (depth 1)}}
	s->full = 1; // expect-remark[pair-missing-release] {{'slot.full' is stored after 'slot.obj' with nothing ordering the two stores, but slot_take() reads them in the other order with smp_rmb()}} expect-note[pair-missing-release] {{then stores 'slot.full' here}} expect-note[pair-missing-release] {{'slot.full' is stored with a plain access here, but slot_take() reads it as a plain flag}}
}

void *slot_take(struct slot *s)
{
	if (!s->full) // expect-note[pair-missing-release] {{slot_take() reads 'slot.full' here}} expect-note[pair-missing-release] {{'slot.full' is read with a plain access here, but slot_fill() writes it as a plain flag}}
		return NULL;
	smp_rmb(); // expect-note[pair-missing-release] {{ordered by smp_rmb() here}}
	return s->obj; // expect-note[pair-missing-release] {{then reads 'slot.obj' here}}
}

/* the flag a generation the writer bumps with a plain ++ */
struct snap {
	long val;
	unsigned gen;
};

void snap_set(struct snap *s, long v)
{
	s->val = v; // expect-note[pair-missing-release] {{snap_set() stores 'snap.val' here}}
	s->gen++; // expect-remark[pair-missing-release] {{'snap.gen' is stored after 'snap.val' with nothing ordering the two stores, but snap_get() reads them in the other order with smp_rmb()}} expect-note[pair-missing-release] {{then stores 'snap.gen' here}} expect-note[pair-missing-release] {{'snap.gen' is stored with a plain access here, but snap_get() reads it as a plain flag}}
}

long snap_get(struct snap *s, unsigned seen)
{
	if (s->gen == seen) // expect-note[pair-missing-release] {{snap_get() reads 'snap.gen' here}} expect-note[pair-missing-release] {{'snap.gen' is read with a plain access here, but snap_set() writes it as a plain flag}}
		return -1;
	smp_rmb(); // expect-note[pair-missing-release] {{ordered by smp_rmb() here}}
	return s->val; // expect-note[pair-missing-release] {{then reads 'snap.val' here}}
}
