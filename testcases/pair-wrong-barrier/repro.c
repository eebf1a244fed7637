// SPDX-License-Identifier: GPL-2.0
/*
 * pair-wrong-barrier: both sides of message passing order, the writer with
 * the wrong kind of barrier: smp_rmb() between its two stores.  "A read
 * barrier is a partial ordering on loads only" (memory-barriers.txt), so
 * the two stores may become visible in the other order.
 *
 * What a run shows: message passing with one read of each location,
 *	T0: WRITE_ONCE(data, 1); smp_rmb(); WRITE_ONCE(flag, 1);
 *	T1: r0 = READ_ONCE(flag); smp_rmb(); r1 = READ_ONCE(data);
 * and the counts of all four (r0, r1) outcomes; r0=1 r1=0 (flag seen, data
 * not) is the one the ordering forbids.  With -DFIXED the writer has
 * smp_wmb().  The jitter is 200 ns, so that the reader's loads fall
 * before, into and after the writer's stores.
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a store pass an
 * earlier store, and smp_rmb() and smp_wmb() are both a compiler barrier
 * here, so the two builds are the same code and r0=1 r1=0 cannot appear.
 * On arm64 smp_rmb() is dmb ishld, which orders earlier loads against
 * later accesses and leaves an earlier store free to pass a later one;
 * smp_wmb() is dmb ishst.  show-codegen.sh (the order tag at the end)
 * prints the writer, thread0(), and says what orders its store of flag
 * after its store of data: on arm64 not the dmb ishld of the bad build,
 * the dmb ishst of the fixed one.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define BETWEEN()	smp_wmb()
#define BETWEEN_NAME	"smp_wmb()"
#else
#define BETWEEN()	smp_rmb()
#define BETWEEN_NAME	"smp_rmb()"
#endif

static int flag __harness_aligned;
static int data __harness_aligned;
static struct harness_sb sb = { .x = &flag, .y = &data };

/* r0=1 r1=0 in harness_sb's (r0 & 1) * 2 + (r1 & 1) numbering */
#define FLAG_NOT_DATA	2

void thread0(void *shared);
void thread0(void *shared)
{
	(void)shared;
	WRITE_ONCE(data, 1);
	BETWEEN();
	WRITE_ONCE(flag, 1);
}

static void thread1(void *shared)
{
	struct harness_sb *s = shared;
	int r0;

	r0 = READ_ONCE(flag);
	smp_rmb();
	s->r1 = READ_ONCE(data);
	s->r0 = r0;
}

int main(void)
{
	struct harness_test t;
	struct harness_result res;

	harness_print_header("pair-wrong-barrier", REPRO_VARIANT);
	printf("code:      T0: WRITE_ONCE(data, 1); %s; WRITE_ONCE(flag, 1);"
	       "  ||  T1: r0 = READ_ONCE(flag); smp_rmb(); r1 = "
	       "READ_ONCE(data);\n",
	       BETWEEN_NAME);
	printf("legend:    r0 = flag as T1 read it, r1 = data as T1 read it after\n");
	/* harness_sb_test() gives the reset, shared lines and (r0, r1) counts. */
#ifdef FIXED
	harness_sb_test(&t, &sb, "MP+wmbonceonce+rmbonceonce", thread0,
			thread1);
#else
	harness_sb_test(&t, &sb, "MP+rmbonceonce+rmbonceonce", thread0,
			thread1);
#endif
	t.jitter_ns = 200;
	if (harness_run(&t, harness_iterations(500000), 5.0, &res))
		return 2;
	harness_print_histogram(&t, &res, FLAG_NOT_DATA,
				"the outcome the ordering forbids");
#ifdef FIXED
	harness_print_verdict(&res, FLAG_NOT_DATA, true);
#else
	harness_print_verdict(&res, FLAG_NOT_DATA, false);
#endif
#if defined(__x86_64__)
#ifdef FIXED
	printf("x86-64:    smp_rmb() and smp_wmb() are both a compiler barrier "
	       "here and TSO keeps store->store order, so a run cannot tell bad "
	       "from fixed; on arm64 they are dmb ishld and dmb ishst\n");
#else
	if (res.counts[FLAG_NOT_DATA] == 0)
		printf("x86-64:    masked on this CPU: TSO never lets a store pass "
		       "an earlier store, whatever the barrier; the outcome needs "
		       "a weakly ordered CPU (arm64, POWER), where smp_rmb() (dmb "
		       "ishld) leaves the two stores unordered\n");
	else
		printf("x86-64:    TSO never lets a store pass an earlier store: "
		       "the compiler must have reordered the stores (objdump -d "
		       "of thread0())\n");
#endif
#endif
	return 0;
}

// repro-shows: codegen
// codegen: order thread0 data flag
