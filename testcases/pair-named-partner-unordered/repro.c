// SPDX-License-Identifier: GPL-2.0
/*
 * pair-named-partner-unordered: a barrier's "pairs with" comment names a
 * function that orders none of its accesses: the partner lost its barrier
 * (memory-barriers.txt, "SMP BARRIER PAIRING": a barrier without its pair
 * orders nothing the other CPU can rely on).
 *
 * What a run shows: store buffering, the shape of bad.c's hctx_stopped()
 * and start_stopped_queue(): T0 keeps its smp_mb() and the comment naming
 * T1, T1 has lost its full barrier,
 *	T0: WRITE_ONCE(x, 1); smp_mb(); r0 = READ_ONCE(y);
 *	T1: WRITE_ONCE(y, 1); r1 = READ_ONCE(x);
 * and the counts of all four (r0, r1) outcomes; r0=0 r1=0 is the one the
 * pair forbids.  With -DFIXED T1 has its smp_mb() back.
 *
 * This CPU can show it: x86-64 is TSO, whose one reordering is a later
 * load passing an earlier store, which is all T1 needs without its
 * barrier; smp_mb() is a locked add here.  A zero count for the fixed
 * build is what the run measured, not a proof.
 *
 * What this CPU cannot show: the message-passing form (bad.c's
 * update_super() and get_groups_count(), whose smp_rmb() is gone): x86-64
 * never lets a load pass an earlier load, and smp_rmb() is a compiler
 * barrier here, so bad and fixed are the same code.  show-codegen.sh (the
 * tag at the end) prints that reader, which is not run, for x86-64 and
 * arm64, where the lost barrier is a dmb ishld.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define PARTNER_MB() smp_mb()
#define PARTNER_RMB() smp_rmb()
#define PARTNER_MB_NAME " smp_mb();"
#else
#define PARTNER_MB() ((void)0)
#define PARTNER_RMB() ((void)0)
#define PARTNER_MB_NAME ""
#endif

static int x __harness_aligned;
static int y __harness_aligned;
static struct harness_sb sb = { .x = &x, .y = &y };

void hctx_stopped(void *shared);
void hctx_stopped(void *shared)
{
	struct harness_sb *s = shared;

	WRITE_ONCE(x, 1);
	/* Pairs with the smp_mb() in start_stopped_queue(). */
	smp_mb();
	s->r0 = READ_ONCE(y);
}

void start_stopped_queue(void *shared);
void start_stopped_queue(void *shared)
{
	struct harness_sb *s = shared;

	WRITE_ONCE(y, 1);
	PARTNER_MB();
	s->r1 = READ_ONCE(x);
}

/* Not run, for show-codegen.sh: the message-passing form of bad.c. */
unsigned int sbi_groups __harness_aligned;
unsigned int sbi_blockfile_groups __harness_aligned;

void update_super(unsigned int n);
void update_super(unsigned int n)
{
	WRITE_ONCE(sbi_blockfile_groups, n);
	/* Pairs with smp_rmb() in get_groups_count(). */
	smp_wmb();
	WRITE_ONCE(sbi_groups, n);
}

unsigned int get_groups_count(void);
unsigned int get_groups_count(void)
{
	unsigned int n = READ_ONCE(sbi_groups);

	PARTNER_RMB();
	return n + READ_ONCE(sbi_blockfile_groups);
}

int main(void)
{
	struct harness_test t;

	harness_print_header("pair-named-partner-unordered", REPRO_VARIANT);
	printf("code:      T0: WRITE_ONCE(x, 1); smp_mb(); r0 = READ_ONCE(y);"
	       "  ||  T1: WRITE_ONCE(y, 1);%s r1 = READ_ONCE(x);\n",
	       PARTNER_MB_NAME);
	harness_sb_test(&t, &sb,
			REPRO_FIXED ? "SB+fencembonceonces" :
				      "SB+fencembonceonce+poonceonce",
			hctx_stopped, start_stopped_queue);
	return harness_report(
		&t, HARNESS_SB_BOTH_ZERO, REPRO_FIXED,
		"r0 = y as T0 read it after storing x, r1 = x as T1 read it "
		"after storing y",
		"both loads missed both stores",
		"smp_mb() is a locked add here: each load waits for the store "
		"before it",
		"T1 has no fence: TSO let its load pass its store, and T0's "
		"smp_mb() had nothing to pair with");
}

// repro-shows: outcome
// codegen: loadload get_groups_count sbi_groups sbi_blockfile_groups
