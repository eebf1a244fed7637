// SPDX-License-Identifier: GPL-2.0
/*
 * atomic-barrier-misuse: smp_mb__after_atomic() after atomic_set(), which
 * is a plain store and not an RMW, so the "barrier" upgrades nothing.
 *
 * What a run shows: the store-buffering test
 *	T0: atomic_set(&x, 1); smp_mb__after_atomic(); r0 = atomic_read(&y);
 *	T1: atomic_set(&y, 1); smp_mb__after_atomic(); r1 = atomic_read(&x);
 * and how often r0 == 0 && r1 == 0 (both loads passed both stores) comes
 * out.  On x86-64 smp_mb__after_atomic() is only a compiler barrier and
 * atomic_set() a plain mov, so the store buffer lets each load go first
 * and the outcome shows up; with -DFIXED (smp_mb(), a locked add) it must
 * not.  The LKMM allows the outcome on every architecture.
 *
 * What this CPU cannot show: on arm64 smp_mb__after_atomic() happens to be
 * a full dmb ish, so the bad code is accidentally correct there, and an
 * arm64 run is expected to count zero for both builds; the bug is real for
 * the LKMM and for x86.  A run that counts zero on x86 is a run that did
 * not catch it, not a proof of absence.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define FENCE()		smp_mb()
#define FENCE_NAME	"smp_mb()"
#else
#define FENCE()		smp_mb__after_atomic()
#define FENCE_NAME	"smp_mb__after_atomic()"
#endif

static atomic_t x __harness_aligned;
static atomic_t y __harness_aligned;
static struct harness_sb sb = { .x = &x.counter, .y = &y.counter };

static void thread0(void *shared)
{
	struct harness_sb *s = shared;

	atomic_set(&x, 1);
	FENCE();
	s->r0 = atomic_read(&y);
}

static void thread1(void *shared)
{
	struct harness_sb *s = shared;

	atomic_set(&y, 1);
	FENCE();
	s->r1 = atomic_read(&x);
}

int main(void)
{
	struct harness_test t;
	struct harness_result res;
	int err;

	harness_print_header("atomic-barrier-misuse", REPRO_VARIANT);
	printf("code:      atomic_set(&x, 1); %s; r0 = atomic_read(&y);  ||  "
	       "mirror on y, x\n", FENCE_NAME);
	harness_sb_test(&t, &sb, "SB+" FENCE_NAME, thread0, thread1);
	err = harness_run(&t, harness_iterations(1000000), 9.0, &res);
	if (err)
		return 2;
	harness_print_histogram(&t, &res, HARNESS_SB_BOTH_ZERO,
				"the outcome smp_mb() forbids");
#ifdef FIXED
	harness_print_verdict(&res, HARNESS_SB_BOTH_ZERO, true);
#else
	harness_print_verdict(&res, HARNESS_SB_BOTH_ZERO, false);
#endif
	return 0;
}

// repro-shows: outcome
