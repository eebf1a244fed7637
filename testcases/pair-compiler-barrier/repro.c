// SPDX-License-Identifier: GPL-2.0
/*
 * pair-compiler-barrier: barrier() beside a comment that pairs it with
 * another CPU's barrier.  barrier() emits no instruction: it keeps the
 * compiler from moving accesses across it and leaves the CPU free to
 * reorder them (memory-barriers.txt, "COMPILER BARRIER"), so the ordering
 * the comment describes is not there.
 *
 * What a run shows: store buffering, the shape of bad.c's q_kick(), whose
 * barrier() says it pairs with an smp_mb() on the other side,
 *	T0: WRITE_ONCE(x, 1); barrier(); r0 = READ_ONCE(y);
 *	T1: WRITE_ONCE(y, 1); smp_mb(); r1 = READ_ONCE(x);
 * and the counts of all four (r0, r1) outcomes; r0=0 r1=0 is the one the
 * pairing forbids.  With -DFIXED T0 has the smp_mb() its comment asks for.
 *
 * This CPU can show it: x86-64 is TSO, whose one reordering is a later
 * load passing an earlier store, exactly what barrier() leaves to T0's
 * CPU; smp_mb() is a locked add here.  A zero count for the fixed build is
 * what the run measured, not a proof.  (In bad.c the store is a
 * clear_bit(), a locked instruction on x86-64, which would hide the bug
 * here: the repro stores with WRITE_ONCE() to show what barrier() leaves.)
 *
 * What this CPU cannot show: the message-passing form (bad.c's
 * commit_weights() and current_weight(), barrier() where smp_wmb() and
 * smp_rmb() belong): x86-64 keeps stores and loads in order, and smp_wmb()
 * and smp_rmb() are compiler barriers here, so bad and fixed are the same
 * code.  show-codegen.sh (the tags at the end) prints those two functions,
 * which are not run, for x86-64 and arm64, where the fix is a dmb ishst
 * and a dmb ishld that barrier() does not emit.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define CPU_BARRIER() smp_mb()
#define CPU_WBARRIER() smp_wmb()
#define CPU_RBARRIER() smp_rmb()
#define CPU_BARRIER_NAME "smp_mb()"
#else
#define CPU_BARRIER() barrier()
#define CPU_WBARRIER() barrier()
#define CPU_RBARRIER() barrier()
#define CPU_BARRIER_NAME "barrier()"
#endif

static int x __harness_aligned;
static int y __harness_aligned;
static struct harness_sb sb = { .x = &x, .y = &y };

void q_kick(void *shared);
void q_kick(void *shared)
{
	struct harness_sb *s = shared;

	WRITE_ONCE(x, 1);
	/* Pairs with the smp_mb() in q_stopped(). */
	CPU_BARRIER();
	s->r0 = READ_ONCE(y);
}

void q_stopped(void *shared);
void q_stopped(void *shared)
{
	struct harness_sb *s = shared;

	WRITE_ONCE(y, 1);
	smp_mb();
	s->r1 = READ_ONCE(x);
}

/* Not run, for show-codegen.sh: the message-passing form of bad.c. */
int ioc_weight __harness_aligned;
int ioc_gen __harness_aligned;

void commit_weights(int w, int gen);
void commit_weights(int w, int gen)
{
	WRITE_ONCE(ioc_weight, w);
	/* paired with rmb in current_weight(), see there */
	CPU_WBARRIER();
	WRITE_ONCE(ioc_gen, gen);
}

int current_weight(void);
int current_weight(void)
{
	int gen = READ_ONCE(ioc_gen);

	/* Paired with smp_wmb() in commit_weights(). */
	CPU_RBARRIER();
	return READ_ONCE(ioc_weight) + gen;
}

int main(void)
{
	struct harness_test t;

	harness_print_header("pair-compiler-barrier", REPRO_VARIANT);
	printf("code:      T0: WRITE_ONCE(x, 1); %s; r0 = READ_ONCE(y);  ||  "
	       "T1: WRITE_ONCE(y, 1); smp_mb(); r1 = READ_ONCE(x);\n",
	       CPU_BARRIER_NAME);
	harness_sb_test(&t, &sb,
			REPRO_FIXED ? "SB+fencembonceonces" :
				      "SB+barrieronceonce+fencembonceonce",
			q_kick, q_stopped);
	return harness_report(
		&t, HARNESS_SB_BOTH_ZERO, REPRO_FIXED,
		"r0 = y as T0 read it after storing x, r1 = x as T1 read it "
		"after storing y",
		"both loads missed both stores",
		"smp_mb() is a locked add here: T0's load waits for its store",
		"barrier() emits no instruction: TSO let T0's load pass its "
		"store while T1's smp_mb() held its own");
}

// repro-shows: outcome
// codegen: order commit_weights ioc_weight ioc_gen
// codegen: loadload current_weight ioc_gen ioc_weight
