// SPDX-License-Identifier: GPL-2.0
/*
 * mb-redundant-ordered-rmw: smp_mb() next to a value-returning atomic,
 * which is already fully ordered (atomic_t.txt: it behaves as if smp_mb()
 * were placed immediately before and after it).
 *
 * What a run shows: ns per operation of two pairs,
 *	smp_mb(); r = atomic_inc_return(&v); smp_mb();	(bad)
 *	r = atomic_inc_return(&v);			(fixed)
 * and
 *	r = atomic_xchg(&v, i); smp_mb();		(bad)
 *	r = atomic_xchg(&v, i);				(fixed)
 * in a loop on one CPU, then again while another CPU hammers an unrelated
 * cache line, and the ratios.  On x86-64 each smp_mb() is one more locked
 * add after a lock xadd / xchg that already drained the store buffer.
 *
 * What this CPU cannot show: the ordering itself (the forms forbid the
 * same outcomes), and the arm64 cost, where the extra dmb ish after an
 * ldaddal or LL/SC + dmb sequence may be cheaper or dearer than here.
 * Conditional RMWs (cmpxchg, inc_not_zero) are not timed: their smp_mb()
 * is not redundant, since they order nothing when they fail.
 */
#include "harness.h"
#include "kprims.h"

static atomic_t v __harness_aligned;
static int sink;

static void bad_inc_loop(void *ctx, unsigned long ops)
{
	int r = 0;

	(void)ctx;
	while (ops--) {
		smp_mb();
		r += atomic_inc_return(&v);
		smp_mb();
	}
	WRITE_ONCE(sink, r);
}

static void fixed_inc_loop(void *ctx, unsigned long ops)
{
	int r = 0;

	(void)ctx;
	while (ops--)
		r += atomic_inc_return(&v);
	WRITE_ONCE(sink, r);
}

static void bad_xchg_loop(void *ctx, unsigned long ops)
{
	int r = 0;

	(void)ctx;
	while (ops--) {
		r += atomic_xchg(&v, (int)ops);
		smp_mb();
	}
	WRITE_ONCE(sink, r);
}

static void fixed_xchg_loop(void *ctx, unsigned long ops)
{
	int r = 0;

	(void)ctx;
	while (ops--)
		r += atomic_xchg(&v, (int)ops);
	WRITE_ONCE(sink, r);
}

int main(void)
{
	static const struct harness_seq bad_inc = {
		"smp_mb(); atomic_inc_return(&v); smp_mb();", bad_inc_loop,
	};
	static const struct harness_seq fixed_inc = {
		"atomic_inc_return(&v);", fixed_inc_loop,
	};
	static const struct harness_seq bad_xchg = {
		"atomic_xchg(&v, i); smp_mb();", bad_xchg_loop,
	};
	static const struct harness_seq fixed_xchg = {
		"atomic_xchg(&v, i);", fixed_xchg_loop,
	};
	unsigned long ops = harness_iterations(2000000);

	harness_print_header("mb-redundant-ordered-rmw", REPRO_VARIANT);
	harness_compare(&bad_inc, &fixed_inc, NULL, ops, 7);
	harness_compare(&bad_xchg, &fixed_xchg, NULL, ops, 7);
	return 0;
}

// repro-shows: cost
