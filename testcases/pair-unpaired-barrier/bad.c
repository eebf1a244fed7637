// SPDX-License-Identifier: GPL-2.0
/*
 * pair-unpaired-barrier: a barrier nothing in the tree pairs with, and a
 * "pairs with" comment that names a function the tree does not have.
 */
#include <ordercheck/linux.h>

struct stats {
	int packets;
	int bytes;
};

/* nobody reads bytes then packets: the smp_wmb() orders nothing useful */
void stats_add(struct stats *s, int len)
{
	WRITE_ONCE(s->packets, s->packets + 1); // expect-note[pair-unpaired-barrier] {{stores 'stats.packets' here}}
	smp_wmb(); // expect-remark[pair-unpaired-barrier] {{smp_wmb() orders the stores of 'stats.packets' before 'stats.bytes' (1 pair), but nothing in the checked tree reads them in the other order}}
	WRITE_ONCE(s->bytes, s->bytes + len); // expect-note[pair-unpaired-barrier] {{then 'stats.bytes' here}}
}

int stats_bytes(struct stats *s)
{
	return READ_ONCE(s->bytes);
}

struct conf {
	int mode;
	int gen;
};

/* a writer of the generation, which orders nothing before it ... */
void conf_bump(struct conf *c)
{
	WRITE_ONCE(c->gen, c->gen + 1);
}

/* ... so this reader's smp_rmb() has no partner */
int conf_mode(struct conf *c)
{
	int gen = READ_ONCE(c->gen); // expect-note[pair-unpaired-barrier] {{loads 'conf.gen' here}}

	smp_rmb(); // expect-remark[pair-unpaired-barrier] {{smp_rmb() orders the loads of 'conf.gen' before 'conf.mode' (1 pair), but nothing in the checked tree writes them in the other order}}
	return READ_ONCE(c->mode) + gen; // expect-note[pair-unpaired-barrier] {{then 'conf.mode' here}}
}

struct flagbox {
	int val;
	int set;
};

void flagbox_set(struct flagbox *b, int v)
{
	WRITE_ONCE(b->val, v);
	/* Pairs with smp_rmb() in flagbox_peek(). */
	smp_wmb(); // expect-remark[pair-unpaired-barrier] {{the comment says smp_wmb() pairs with flagbox_peek(), which is not in the checked tree}}
	WRITE_ONCE(b->set, 1);
}
