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
	c->weights = w; // expect-note[pair-missing-acquire] {{ioc_commit() stores 'ioc.weights' here}}
	smp_wmb(); // expect-note[pair-missing-acquire] {{ordered by smp_wmb() here}}
	c->updated = 1; // expect-note[pair-missing-acquire] {{then stores 'ioc.updated' here}} expect-note[pair-missing-acquire] {{'ioc.updated' is stored with a plain access here, but ioc_read() reads it as a plain flag}}
}

int ioc_read(struct ioc *c)
{
	if (c->updated) // expect-note[pair-missing-acquire] {{ioc_read() reads 'ioc.updated' here}} expect-note[pair-missing-acquire] {{'ioc.updated' is read with a plain access here, but ioc_commit() writes it as a plain flag}}
		return c->weights; // expect-remark[pair-missing-acquire] {{'ioc.weights' is read after 'ioc.updated' with nothing ordering the two reads, but ioc_commit() orders its stores to them with smp_wmb()}} expect-note[pair-missing-acquire] {{then reads 'ioc.weights' here}}
	return -1;
}

/* the data read in a helper the reader calls */
struct gen {
	long val;
	int seq;
};

static inline long gen_val(struct gen *g)
{
	return g->val; // expect-note[pair-missing-acquire] {{gen_val() reads 'gen.val' here}}
}

void gen_bump(struct gen *g, long v)
{
	g->val = v; // expect-note[pair-missing-acquire] {{gen_bump() stores 'gen.val' here}}
	smp_wmb(); // expect-note[pair-missing-acquire] {{ordered by smp_wmb() here}}
	g->seq = 1; // expect-note[pair-missing-acquire] {{then stores 'gen.seq' here}} expect-note[pair-missing-acquire] {{'gen.seq' is stored with a plain access here, but gen_peek() reads it as a plain flag}}
}

long gen_peek(struct gen *g)
{
	if (g->seq) // expect-note[pair-missing-acquire] {{gen_peek() reads 'gen.seq' here}} expect-note[pair-missing-acquire] {{'gen.seq' is read with a plain access here, but gen_bump() writes it as a plain flag}}
		return gen_val(g); // expect-remark[pair-missing-acquire] {{'gen.val' is read after 'gen.seq' with nothing ordering the two reads, but gen_bump() orders its stores to them with smp_wmb()}} expect-note[pair-missing-acquire] {{then reads 'gen.val' here}} expect-note[pair-missing-acquire] {{'gen.val' is read in gen_val() called here (depth 1)}}
	return 0;
}
