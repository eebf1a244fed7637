// SPDX-License-Identifier: GPL-2.0
/*
 * redundant-barrier: smp_mb() right after smp_store_mb() (which is what
 * set_current_state() is), against smp_store_mb() alone. The LKMM keeps
 * every order without the second barrier: two full fences with no access
 * between order what one orders (herd7 on SB+storemb-mb+mbonceonce.litmus
 * and SB+storemb+mbonceonce.litmus, in this folder: both "Never").
 *
 * What a run shows: ns per sequence of both, on this CPU, idle and with
 * another CPU hammering an unrelated line. On x86-64 smp_store_mb() is an
 * xchg and smp_mb() a locked add: the extra barrier is a second locked
 * instruction. What this CPU cannot show: the cost of dmb ish on arm64.
 */
#include "harness.h"
#include "kprims.h"

static int state __harness_aligned;
static int sink;

static void bad_loop(void *ctx, unsigned long ops)
{
	(void)ctx;
	while (ops--) {
		smp_store_mb(state, (int)ops);
		smp_mb();
	}
	WRITE_ONCE(sink, READ_ONCE(state));
}

static void fixed_loop(void *ctx, unsigned long ops)
{
	(void)ctx;
	while (ops--)
		smp_store_mb(state, (int)ops);
	WRITE_ONCE(sink, READ_ONCE(state));
}

int main(void)
{
	static const struct harness_seq bad = {
		"smp_store_mb(state, i); smp_mb();", bad_loop,
	};
	static const struct harness_seq fixed = {
		"smp_store_mb(state, i);", fixed_loop,
	};

	harness_print_header("redundant-barrier", REPRO_VARIANT);
	harness_compare(&bad, &fixed, NULL, harness_iterations(2000000), 7);
	return 0;
}

// repro-shows: cost
