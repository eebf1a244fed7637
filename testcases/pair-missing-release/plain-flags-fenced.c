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
	c->val = v;
	c->ready = 1; // expect-remark[pair-missing-release] {{'cfg.ready' is stored after 'cfg.val' with nothing ordering the two stores, but cfg_get() reads them in the other order with smp_rmb()}}
}

int cfg_get(struct cfg *c)
{
	if (c->ready) {
		smp_rmb();
		return c->val;
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
	s->obj = o;
}

void slot_fill(struct slot *s, void *o)
{
	slot_put(s, o);
	s->full = 1; // expect-remark[pair-missing-release] {{'slot.full' is stored after 'slot.obj' with nothing ordering the two stores, but slot_take() reads them in the other order with smp_rmb()}}
}

void *slot_take(struct slot *s)
{
	if (!s->full)
		return NULL;
	smp_rmb();
	return s->obj;
}

/* the flag a generation the writer bumps with a plain ++ */
struct snap {
	long val;
	unsigned gen;
};

void snap_set(struct snap *s, long v)
{
	s->val = v;
	s->gen++; // expect-remark[pair-missing-release] {{'snap.gen' is stored after 'snap.val' with nothing ordering the two stores, but snap_get() reads them in the other order with smp_rmb()}}
}

long snap_get(struct snap *s, unsigned seen)
{
	if (s->gen == seen)
		return -1;
	smp_rmb();
	return s->val;
}
