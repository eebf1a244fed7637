// SPDX-License-Identifier: GPL-2.0
/*
 * wake-missing-barrier: the lost wake-up of include/linux/wait.h's comment
 * on waitqueue_active(), reduced to its two memory accesses per side:
 *	waker:  WRITE_ONCE(cond, 1);            r0 = waitqueue_active(wq);
 *	waiter: prepare_to_wait() (on the queue) ; set_current_state()'s
 *	        smp_mb(); r1 = READ_ONCE(cond);
 * modelled as T0: WRITE_ONCE(cond, 1); r0 = READ_ONCE(queued);
 *	      T1: WRITE_ONCE(queued, 1); smp_mb(); r1 = READ_ONCE(cond);
 * r0=0 r1=0 is the lost wake-up: the waker saw no sleeper and did not
 * wake, the waiter saw no condition and went to sleep. With -DFIXED the
 * waker has the smp_mb() that wq_has_sleeper() adds.
 *
 * What a run shows: the counts of all four (r0, r1) outcomes.
 * harness_sb_test() reads both locations on both CPUs before each
 * iteration, so the waker's store waits in its store buffer while its
 * load of the queue hits the local cache.
 *
 * This CPU can show it: x86-64 (TSO) lets a later load pass an earlier
 * store, which is exactly this shape; smp_mb() is a locked add that
 * drains the store buffer. A zero count for the fixed build is what this
 * run measured, not a proof.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

static int cond __harness_aligned;
static int queued __harness_aligned;
static struct harness_sb sb = { .x = &cond, .y = &queued };

/* the waker: the condition, then the lockless test for sleepers */
static void waker(void *shared)
{
	struct harness_sb *s = shared;

	WRITE_ONCE(cond, 1);
#ifdef FIXED
	smp_mb(); /* wq_has_sleeper() */
#endif
	s->r0 = READ_ONCE(queued);
}

/* the waiter: on the queue, set_current_state()'s smp_mb(), the test */
static void waiter(void *shared)
{
	struct harness_sb *s = shared;

	WRITE_ONCE(queued, 1);
	smp_mb();
	s->r1 = READ_ONCE(cond);
}

int main(void)
{
	struct harness_test t;
	struct harness_result res;

	harness_print_header("wake-missing-barrier", REPRO_VARIANT);
#ifdef FIXED
	printf("code:      waker: WRITE_ONCE(cond, 1); smp_mb(); r0 = "
	       "waitqueue_active()  ||  waiter: queue; smp_mb(); r1 = "
	       "READ_ONCE(cond)\n");
	harness_sb_test(&t, &sb, "SB+mbonceonces", waker, waiter);
#else
	printf("code:      waker: WRITE_ONCE(cond, 1); r0 = "
	       "waitqueue_active()  ||  waiter: queue; smp_mb(); r1 = "
	       "READ_ONCE(cond)\n");
	harness_sb_test(&t, &sb, "SB+onceonce+mbonceonce", waker, waiter);
#endif
	printf("legend:    r0 = a sleeper seen by the waker, r1 = the "
	       "condition seen by the waiter\n");
	if (harness_run(&t, harness_iterations(1000000), 8.0, &res))
		return 2;
	harness_print_histogram(&t, &res, HARNESS_SB_BOTH_ZERO,
				"lost wake-up: no sleeper seen, no condition seen");
#ifdef FIXED
	harness_print_verdict(&res, HARNESS_SB_BOTH_ZERO, true);
#else
	harness_print_verdict(&res, HARNESS_SB_BOTH_ZERO, false);
#endif
	return 0;
}

// repro-shows: outcome
