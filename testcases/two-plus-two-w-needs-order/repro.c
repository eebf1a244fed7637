// SPDX-License-Identifier: GPL-2.0
/*
 * two-plus-two-w-needs-order: 2+2W.  w_ordered() stores x and then y with
 * smp_wmb() between, w_unordered() stores y and then x with nothing; the
 * LKMM allows the outcome in which each function's first store is the one
 * that lasts (x == 1 && y == 1), because a write barrier orders the
 * propagation of one CPU's stores, not the coherence order of two CPUs'
 * stores to one location (2+2W+fencembonceonces.litmus is Never only with
 * smp_mb() on both sides).
 *
 * What a run shows: the 2+2W test
 *	T0: WRITE_ONCE(x, 1); smp_wmb(); WRITE_ONCE(y, 2);
 *	T1: WRITE_ONCE(y, 1); WRITE_ONCE(x, 2);
 * and the counts of the four final (x, y); x=1 y=1 is the one the rule is
 * about.  With -DFIXED both sides have smp_mb() between their stores.
 *
 * What this CPU cannot show: x86-64 is TSO, whose stores reach memory in
 * program order and in one total order, so x=1 y=1 cannot appear here
 * with either build; a zero count says nothing for the fix.  What can be
 * shown here instead: show-codegen.sh (the tags at the end) prints both
 * writers for x86-64 and arm64 and says what orders each one's second
 * store after its first (on arm64: dmb ishst and nothing in the bad build,
 * dmb ish on both sides in the fixed one); show-herd.sh runs herd7 (LKMM)
 * on the litmus form of both builds.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define T0_FENCE() smp_mb()
#define T1_FENCE() smp_mb()
#define T0_NAME " smp_mb();"
#define T1_NAME " smp_mb();"
#else
#define T0_FENCE() smp_wmb()
#define T1_FENCE() ((void)0)
#define T0_NAME " smp_wmb();"
#define T1_NAME ""
#endif

/* globals, so that show-codegen.sh names them in the listings */
static int x __harness_aligned;
static int y __harness_aligned;

void w_ordered(void *shared);
void w_ordered(void *shared)
{
	(void)shared;
	WRITE_ONCE(x, 1);
	T0_FENCE();
	WRITE_ONCE(y, 2);
}

void w_unordered(void *shared);
void w_unordered(void *shared)
{
	(void)shared;
	WRITE_ONCE(y, 1);
	T1_FENCE();
	WRITE_ONCE(x, 2);
}

static void w_reset(void *shared)
{
	(void)shared;
	WRITE_ONCE(x, 0);
	WRITE_ONCE(y, 0);
}

/* Both CPUs hold both lines, so each store waits for an invalidation. */
static void w_prepare(void *shared, unsigned int tid)
{
	(void)shared;
	(void)tid;
	(void)READ_ONCE(x);
	(void)READ_ONCE(y);
}

#define FIRST_STORES_LAST 0 /* outcome index of x=1 y=1 */

static unsigned int w_outcome(const void *shared)
{
	(void)shared;
	return (READ_ONCE(x) == 1 ? 0 : 2) + (READ_ONCE(y) == 1 ? 0 : 1);
}

static const char *const w_names[] = {
	"x=1 y=1",
	"x=1 y=2",
	"x=2 y=1",
	"x=2 y=2",
};

int main(void)
{
	struct harness_test t = {
		.name = REPRO_FIXED ? "2+2W+fencembonceonces" :
				      "2+2W+fencewmbonceonce+poonceonce",
		.nthreads = 2,
		.shared = NULL,
		.reset = w_reset,
		.prepare = w_prepare,
		.thread = { w_ordered, w_unordered },
		.outcome = w_outcome,
		.noutcomes = 4,
		.outcome_names = w_names,
		.jitter_ns = 25,
	};
	struct harness_result res;

	harness_print_header("two-plus-two-w-needs-order", REPRO_VARIANT);
	printf("code:      T0: WRITE_ONCE(x, 1);%s WRITE_ONCE(y, 2);  ||  T1: "
	       "WRITE_ONCE(y, 1);%s WRITE_ONCE(x, 2);\n",
	       T0_NAME, T1_NAME);
	printf("legend:    x, y = their final values; x=1 y=1: each side's "
	       "first store lasted, both second stores were overwritten\n");
	if (harness_run(&t, harness_iterations(1000000), harness_seconds(8.0),
			&res))
		return 2;
	harness_print_histogram(&t, &res, FIRST_STORES_LAST,
				"each side's first store lasted");
	harness_print_verdict(&res, FIRST_STORES_LAST, REPRO_FIXED);
#if defined(__x86_64__)
	if (res.counts[FIRST_STORES_LAST] == 0)
		printf("x86-64:    masked on this CPU: TSO keeps each CPU's "
		       "stores in program order within one total order of all "
		       "stores, so x=1 y=1 needs a weakly ordered CPU (arm64, "
		       "POWER) and a run here cannot tell bad from fixed; what "
		       "differs is the code (show-codegen.sh) and herd7's "
		       "verdict (show-herd.sh)\n");
	else
		printf("x86-64:    TSO keeps stores in program order: a compiler "
		       "must have swapped two stores (see show-codegen.sh)\n");
#else
	printf("this CPU:  not x86-64; the counts above are its own\n");
#endif
	return 0;
}

// repro-shows: codegen
// codegen: order w_ordered x y
// codegen: order w_unordered y x
// litmus: bad 2+2W+fencewmbonceonce+poonceonce.litmus
// litmus: fixed 2+2W+fencembonceonces.litmus
