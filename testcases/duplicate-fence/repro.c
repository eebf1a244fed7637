// SPDX-License-Identifier: GPL-2.0
/*
 * duplicate-fence: two fences in a row where the stronger one alone gives
 * the same ordering (smp_mb(); smp_mb(); or smp_wmb(); smp_mb();).
 *
 * What a run shows: ns per operation of two pairs,
 *	WRITE_ONCE(a, i); smp_mb(); smp_mb();	(bad)
 *	WRITE_ONCE(a, i); smp_mb();		(fixed)
 * and
 *	WRITE_ONCE(a, i); smp_wmb(); smp_mb();	(bad)
 *	WRITE_ONCE(a, i); smp_mb();		(fixed)
 * in a loop on one CPU, then again while another CPU hammers an unrelated
 * cache line, and the ratios.  The store gives the fences a store buffer
 * entry to drain, as real code would.
 *
 * What this CPU cannot show: on x86-64 smp_wmb() is only a compiler
 * barrier, so the second pair compiles to the same instructions and any
 * difference in its figures is noise; on arm64 it is an extra dmb ishst.
 * The ordering itself is the same in both forms, so there is nothing to
 * race.
 */
#include "harness.h"
#include "kprims.h"

static int a __harness_aligned;

static void bad_mb_mb_loop(void *ctx, unsigned long ops)
{
	(void)ctx;
	while (ops--) {
		WRITE_ONCE(a, (int)ops);
		smp_mb();
		smp_mb();
	}
}

static void bad_wmb_mb_loop(void *ctx, unsigned long ops)
{
	(void)ctx;
	while (ops--) {
		WRITE_ONCE(a, (int)ops);
		smp_wmb();
		smp_mb();
	}
}

static void fixed_loop(void *ctx, unsigned long ops)
{
	(void)ctx;
	while (ops--) {
		WRITE_ONCE(a, (int)ops);
		smp_mb();
	}
}

int main(void)
{
	static const struct harness_seq bad_mb_mb = {
		"WRITE_ONCE(a, i); smp_mb(); smp_mb();", bad_mb_mb_loop,
	};
	static const struct harness_seq bad_wmb_mb = {
		"WRITE_ONCE(a, i); smp_wmb(); smp_mb();", bad_wmb_mb_loop,
	};
	static const struct harness_seq fixed = {
		"WRITE_ONCE(a, i); smp_mb();", fixed_loop,
	};
	unsigned long ops = harness_iterations(2000000);

	harness_print_header("duplicate-fence", REPRO_VARIANT);
	harness_compare(&bad_mb_mb, &fixed, NULL, ops, 7);
	harness_compare(&bad_wmb_mb, &fixed, NULL, ops, 7);
	return 0;
}

// repro-shows: cost
