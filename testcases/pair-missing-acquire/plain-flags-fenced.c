// SPDX-License-Identifier: GPL-2.0
/*
 * A flag plain on both sides, the writer ordering its stores with
 * smp_wmb() (Linux 6.1's blk-iocost commit_weights() and
 * current_hweight() keep such a pair): the fence shows the protocol, and a
 * reader that reads the flag plain and orders nothing is its careless
 * partner. A remark, as for any plain flag: a lock a caller holds may
 * order it.
 */
#include <ordercheck/linux.h>

struct ioc {
	int weights;
	int updated;
};

void ioc_commit(struct ioc *c, int w)
{
	c->weights = w;
	smp_wmb();
	c->updated = 1;
}

int ioc_read(struct ioc *c)
{
	if (c->updated)
		return c->weights; // expect-remark[pair-missing-acquire] {{'ioc.weights' is read after 'ioc.updated' with nothing ordering the two reads, but ioc_commit() orders its stores to them with smp_wmb()}}
	return -1;
}

/* the data read in a helper the reader calls */
struct gen {
	long val;
	int seq;
};

static inline long gen_val(struct gen *g)
{
	return g->val;
}

void gen_bump(struct gen *g, long v)
{
	g->val = v;
	smp_wmb();
	g->seq = 1;
}

long gen_peek(struct gen *g)
{
	if (g->seq)
		return gen_val(g); // expect-remark[pair-missing-acquire] {{'gen.val' is read after 'gen.seq' with nothing ordering the two reads, but gen_bump() orders its stores to them with smp_wmb()}}
	return 0;
}
