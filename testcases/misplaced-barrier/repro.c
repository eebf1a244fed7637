// SPDX-License-Identifier: GPL-2.0
/*
 * misplaced-barrier: the writer stores the flag before its smp_wmb() and
 * the data after it, while the reader reads the flag first and orders its
 * reads with smp_rmb(). The barrier orders the stores the wrong way round:
 * a reader that sees the flag can read the old data, on any CPU, because
 * that is the order the program itself gives (memory-barriers.txt, "SMP
 * barrier pairing").
 *
 * What a run shows: message passing with one read of each location,
 *	T0: WRITE_ONCE(flag, 1); smp_wmb(); data = 1;
 *	T1: r0 = READ_ONCE(flag); smp_rmb(); r1 = READ_ONCE(data);
 * and the counts of all four (r0, r1) outcomes; r0=1 r1=0 (flag seen, data
 * not) is the one message passing must forbid. With -DFIXED the writer
 * stores data, then smp_wmb(), then the flag (the rule's fix-it).
 *
 * Unlike the missing-barrier rules, x86-64 can show this: TSO keeps the
 * stores in program order, and program order is flag first. The window is
 * the few cycles between the two stores leaving the store buffer, so the
 * count is small and a run may miss it; the verdict says which.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

static int flag __harness_aligned;
static int data __harness_aligned;
static struct harness_sb sb = { .x = &flag, .y = &data };

/* r0=1 r1=0 in harness_sb's (r0 & 1) * 2 + (r1 & 1) numbering */
#define FLAG_NOT_DATA	2

void thread0(void *shared);
void thread0(void *shared)
{
	(void)shared;
#ifdef FIXED
	data = 1;
	smp_wmb();
	WRITE_ONCE(flag, 1);
#else
	WRITE_ONCE(flag, 1);
	smp_wmb();
	data = 1;
#endif
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

	harness_print_header("misplaced-barrier", REPRO_VARIANT);
#ifdef FIXED
	printf("code:      T0: data = 1; smp_wmb(); WRITE_ONCE(flag, 1);  ||  "
	       "T1: r0 = READ_ONCE(flag); smp_rmb(); r1 = READ_ONCE(data);\n");
#else
	printf("code:      T0: WRITE_ONCE(flag, 1); smp_wmb(); data = 1;  ||  "
	       "T1: r0 = READ_ONCE(flag); smp_rmb(); r1 = READ_ONCE(data);\n");
#endif
	printf("legend:    r0 = flag as T1 read it, r1 = data as T1 read it after\n");
	harness_sb_test(&t, &sb, "MP+wmb-misplaced+rmb", thread0, thread1);
	t.jitter_ns = 200;
	if (harness_run(&t, harness_iterations(500000), 5.0, &res))
		return 2;
	harness_print_histogram(&t, &res, FLAG_NOT_DATA,
				"flag seen, data not: what the reader must never see");
#ifdef FIXED
	harness_print_verdict(&res, FLAG_NOT_DATA, true);
#else
	harness_print_verdict(&res, FLAG_NOT_DATA, false);
	if (res.counts[FLAG_NOT_DATA] == 0)
		printf("note:      the window between the two stores is a few "
		       "cycles; a run that misses it proves nothing\n");
#endif
	return 0;
}

// repro-shows: outcome
