// SPDX-License-Identifier: GPL-2.0
/*
 * r-needs-order: the R shape. One side stores x and then y, the other
 * stores y and then loads x; unless both order their two accesses fully,
 * the second side's store to y can be the one that lasts while its load
 * still misses the first side's x (tools/memory-model/litmus-tests/
 * R+fencembonceonces.litmus forbids it only with smp_mb() on both sides).
 *
 * What a run shows: the R test with the barrier a developer might take
 * for enough,
 *	T0: WRITE_ONCE(x, 1); smp_wmb(); WRITE_ONCE(y, 1);
 *	T1: WRITE_ONCE(y, 2); r0 = READ_ONCE(x);
 * and with -DFIXED the same with smp_mb() in both, and the counts of all
 * four (final y, r0) outcomes; "y=2 r0=0" is the one the rule is about.
 *
 * This CPU can show it: x86-64 is TSO, whose one reordering is a later
 * load passing an earlier store, and that is all the R outcome needs: T1's
 * store to y waits in its store buffer while its load of x reads 0, T0's
 * two stores reach memory in order, and T1's y=2 lands last. On x86-64
 * smp_wmb() is a compiler barrier, smp_mb() a locked add. A zero count for
 * the fixed build is what this run measured, not a proof.
 *
 * What this CPU cannot show: that smp_mb() on T1 alone would not do on a
 * weaker CPU (on x86-64 it does, as TSO keeps T0's stores in order);
 * herd7 says so (R+wmb+mb is allowed by the LKMM); not run on arm64 here.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

struct r_shared {
	int x __harness_aligned;
	int y __harness_aligned;
	int r0 __harness_aligned;
};

static struct r_shared r;

static void thread0(void *shared)
{
	struct r_shared *s = shared;

	WRITE_ONCE(s->x, 1);
#ifdef FIXED
	smp_mb();
#else
	smp_wmb();
#endif
	WRITE_ONCE(s->y, 1);
}

static void thread1(void *shared)
{
	struct r_shared *s = shared;

	WRITE_ONCE(s->y, 2);
#ifdef FIXED
	smp_mb();
#endif
	s->r0 = READ_ONCE(s->x);
}

static void r_reset(void *shared)
{
	struct r_shared *s = shared;

	WRITE_ONCE(s->x, 0);
	WRITE_ONCE(s->y, 0);
	s->r0 = -1;
}

/* Both CPUs hold x and y shared, so each store waits for an invalidation. */
static void r_prepare(void *shared, unsigned int tid)
{
	struct r_shared *s = shared;

	(void)tid;
	(void)READ_ONCE(s->x);
	(void)READ_ONCE(s->y);
}

#define R_Y2_R0_ZERO 0 /* outcome index of y=2 r0=0 */

static unsigned int r_outcome(const void *shared)
{
	const struct r_shared *s = shared;

	return (READ_ONCE(s->y) == 2 ? 0 : 2) + (s->r0 & 1);
}

static const char *const r_names[] = {
	"y=2 r0=0",
	"y=2 r0=1",
	"y=1 r0=0",
	"y=1 r0=1",
};

int main(void)
{
	struct harness_test t = {
		.nthreads = 2,
		.shared = &r,
		.reset = r_reset,
		.prepare = r_prepare,
		.thread = { thread0, thread1 },
		.outcome = r_outcome,
		.noutcomes = 4,
		.outcome_names = r_names,
		.jitter_ns = 25,
	};

	harness_print_header("r-needs-order", REPRO_VARIANT);
#ifdef FIXED
	t.name = "R+fencembonceonces";
	printf("code:      T0: WRITE_ONCE(x, 1); smp_mb(); WRITE_ONCE(y, 1);"
	       "  ||  T1: WRITE_ONCE(y, 2); smp_mb(); r0 = READ_ONCE(x);\n");
#else
	t.name = "R+fencewmbonceonce+onceonce";
	printf("code:      T0: WRITE_ONCE(x, 1); smp_wmb(); WRITE_ONCE(y, 1);"
	       "  ||  T1: WRITE_ONCE(y, 2); r0 = READ_ONCE(x);\n");
#endif
	return harness_report(
		&t, R_Y2_R0_ZERO, REPRO_FIXED,
		"y = its final value (2: T1's store lasted), r0 = x as T1 read "
		"it after storing y",
		"T1's y lasted, yet it missed T0's x",
		"smp_mb() is a locked add here: T1's load waits for its store, "
		"and TSO keeps T0's two stores in order",
		"T1 has no fence here: TSO let its load of x pass its store to "
		"y");
}

// repro-shows: outcome
