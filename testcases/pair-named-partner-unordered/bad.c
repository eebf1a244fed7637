// SPDX-License-Identifier: GPL-2.0
/*
 * pair-named-partner-unordered: a barrier's "pairs with" comment names a
 * function that orders nothing: the partner lost its barrier.
 */
#include <ordercheck/linux.h>

struct sb_info {
	unsigned int groups;
	unsigned int blockfile_groups;
};

/* the writer kept its smp_wmb() and its comment ... */
void update_super(struct sb_info *sbi, unsigned int n)
{
	WRITE_ONCE(sbi->blockfile_groups, n);
	/* Pairs with smp_rmb() in get_groups_count(). */
	smp_wmb();
	WRITE_ONCE(sbi->groups, n); // expect-note[pair-missing-acquire] {{then stores 'sb_info.groups' here}} expect-note@-1[pair-missing-acquire] {{ordered by smp_wmb() here}} expect-note@-3[pair-missing-acquire] {{update_super() stores 'sb_info.blockfile_groups' here}} expect-note@-1[pair-named-partner-unordered] {{smp_wmb() here: "Pairs with smp_rmb() in get_groups_count()."}}
} //

/* ... the reader lost its smp_rmb() (ext4's ngroups, weakened) */
unsigned int get_groups_count(struct sb_info *sbi)
{
	unsigned int n = READ_ONCE(sbi->groups); // expect-warning[pair-named-partner-unordered] {{get_groups_count() orders none of its accesses, but the comment beside smp_wmb() in update_super() says the two pair: its read barrier (smp_rmb(), an acquire, or a dependency) is missing}} expect-note[pair-missing-acquire] {{get_groups_count() reads 'sb_info.groups' here}}

	return n + READ_ONCE(sbi->blockfile_groups); // expect-warning[pair-missing-acquire] {{'sb_info.blockfile_groups' is read after 'sb_info.groups' with nothing ordering the two reads}} expect-note[pair-missing-acquire] {{then reads 'sb_info.blockfile_groups' here}}
}

struct hctx {
	unsigned long state;
	int dispatch;
};

/* the store-buffering side kept its smp_mb() ... */
int hctx_stopped(struct hctx *h)
{
	int stopped = test_bit(0, &h->state);

	/* Pairs with the smp_mb() in start_stopped_queue(). */
	smp_mb();
	return stopped || READ_ONCE(h->dispatch); // expect-note@-1[pair-named-partner-unordered] {{smp_mb() here: "Pairs with the smp_mb() in start_stopped_queue()."}}
} //

/* ... its partner's smp_mb__after_atomic() is gone, and the callee it
 * calls orders nothing either */
static void run_queue(struct hctx *h)
{
	WRITE_ONCE(h->dispatch, 0);
}

void start_stopped_queue(struct hctx *h)
{
	clear_bit(0, &h->state);
	run_queue(h); // expect-warning[pair-named-partner-unordered] {{start_stopped_queue() orders none of its accesses, but the comment beside smp_mb() in hctx_stopped() says the two pair: its full barrier (smp_mb(), or a fully ordered atomic) is missing}}
}
