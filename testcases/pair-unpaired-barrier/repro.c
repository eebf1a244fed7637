// SPDX-License-Identifier: GPL-2.0
/*
 * pair-unpaired-barrier: a barrier that orders two accesses nobody reads
 * (or writes) in the other order, so nothing depends on the order it
 * gives: its cost buys nothing (or its partner is missing, a bug the run
 * cannot show).
 *
 * What a run shows: ns per operation of two pairs of loops, the stores of
 * two counters with and without a barrier between them,
 *	WRITE_ONCE(packets, i); smp_mb(); WRITE_ONCE(bytes, i);	(bad)
 *	WRITE_ONCE(packets, i); WRITE_ONCE(bytes, i);		(fixed)
 * and the same with smp_wmb(), the barrier of the rule's example, on one
 * CPU and again while another CPU hammers an unrelated cache line, median
 * of alternating runs, and the ratios.  On x86-64 smp_mb() is a locked add
 * that waits for the store buffer to drain; smp_wmb() is a compiler
 * barrier, so its pair times the same code twice (the control: what the
 * noise between two identical loops is).
 *
 * What this CPU cannot show: the arm64 cost, where smp_wmb() is a dmb
 * ishst and smp_mb() a dmb ish; and whether a barrier is unpaired, which
 * is a property of the whole tree, not of this loop.
 */
#include "harness.h"
#include "kprims.h"

static int packets __harness_aligned;
static int bytes __harness_aligned;

static void bad_mb_loop(void *ctx, unsigned long ops)
{
	(void)ctx;
	while (ops--) {
		WRITE_ONCE(packets, (int)ops);
		smp_mb();
		WRITE_ONCE(bytes, (int)ops);
	}
}

static void bad_wmb_loop(void *ctx, unsigned long ops)
{
	(void)ctx;
	while (ops--) {
		WRITE_ONCE(packets, (int)ops);
		smp_wmb();
		WRITE_ONCE(bytes, (int)ops);
	}
}

static void fixed_loop(void *ctx, unsigned long ops)
{
	(void)ctx;
	while (ops--) {
		WRITE_ONCE(packets, (int)ops);
		WRITE_ONCE(bytes, (int)ops);
	}
}

int main(void)
{
	static const struct harness_seq bad_mb = {
		"WRITE_ONCE(packets, i); smp_mb(); WRITE_ONCE(bytes, i);",
		bad_mb_loop,
	};
	static const struct harness_seq bad_wmb = {
		"WRITE_ONCE(packets, i); smp_wmb(); WRITE_ONCE(bytes, i);",
		bad_wmb_loop,
	};
	static const struct harness_seq fixed = {
		"WRITE_ONCE(packets, i); WRITE_ONCE(bytes, i);",
		fixed_loop,
	};
	unsigned long ops = harness_iterations(2000000);

	harness_print_header("pair-unpaired-barrier", REPRO_VARIANT);
	harness_compare(&bad_mb, &fixed, NULL, ops, 7);
	harness_compare(&bad_wmb, &fixed, NULL, ops, 7);
	return 0;
}

// repro-shows: cost
