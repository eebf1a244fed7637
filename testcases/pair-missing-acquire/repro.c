// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire: the writer orders its two stores with smp_wmb(),
 * the reader reads them in the other order with nothing between its two
 * loads, so a weakly ordered CPU may satisfy the load of data first
 * (recipes.txt, "Message passing (MP)").
 *
 * What a run shows: message passing with one read of each location,
 *	T0: WRITE_ONCE(data, 1); smp_wmb(); WRITE_ONCE(flag, 1);
 *	T1: r0 = READ_ONCE(flag); r1 = READ_ONCE(data);
 * and the counts of all four (r0, r1) outcomes; r0=1 r1=0 (flag seen, data
 * not) is the one the ordering forbids.  With -DFIXED the reader has
 * smp_rmb() between its loads.  The jitter is 200 ns, so that the reader's
 * loads fall before, into and after the writer's stores.
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a load pass an
 * earlier load, so r0=1 r1=0 cannot appear here with or without the
 * barrier, which compiles to nothing on x86 (a compiler barrier).  It needs
 * a weakly ordered CPU (arm64, POWER).  show-codegen.sh prints, per the
 * tags at the end of this file, the reader as gcc and clang compile it:
 * nothing between the two loads in the bad build, a dmb ishld in the fixed
 * arm64 build, and, for the smp_load_acquire() form of the fix (not run),
 * an ldar.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define BETWEEN()	smp_rmb()
#define BETWEEN_NAME	" smp_rmb();"
#define FLAG_LOAD(p)	smp_load_acquire(p)
#else
#define BETWEEN()	do { } while (0)
#define BETWEEN_NAME	""
#define FLAG_LOAD(p)	READ_ONCE(*(p))
#endif

static int flag __harness_aligned;
static int data __harness_aligned;
static struct harness_sb sb = { .x = &flag, .y = &data };

/* r0=1 r1=0 in harness_sb's (r0 & 1) * 2 + (r1 & 1) numbering */
#define FLAG_NOT_DATA	2

static void thread0(void *shared)
{
	(void)shared;
	WRITE_ONCE(data, 1);
	smp_wmb();
	WRITE_ONCE(flag, 1);
}

void thread1(void *shared);
void thread1(void *shared)
{
	struct harness_sb *s = shared;
	int r0;

	r0 = READ_ONCE(flag);
	BETWEEN();
	s->r1 = READ_ONCE(data);
	s->r0 = r0;
}

/* Not run: the fix as an acquire load of the flag, for show-codegen.sh. */
void thread1_acquire(void *shared);
void thread1_acquire(void *shared)
{
	struct harness_sb *s = shared;
	int r0;

	r0 = FLAG_LOAD(&flag);
	s->r1 = READ_ONCE(data);
	s->r0 = r0;
}

int main(void)
{
	struct harness_test t;
	struct harness_result res;

	harness_print_header("pair-missing-acquire", REPRO_VARIANT);
	printf("code:      T0: WRITE_ONCE(data, 1); smp_wmb(); WRITE_ONCE(flag, 1);"
	       "  ||  T1: r0 = READ_ONCE(flag);%s r1 = READ_ONCE(data);\n",
	       BETWEEN_NAME);
	printf("legend:    r0 = flag as T1 read it, r1 = data as T1 read it after\n");
	/* harness_sb_test() gives the reset, shared lines and (r0, r1) counts. */
	harness_sb_test(&t, &sb, "MP+wmbonceonce+onceonce", thread0, thread1);
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
	printf("x86-64:    TSO never lets a load pass an earlier load, so the "
	       "bad code cannot show the outcome here either and a run cannot "
	       "tell bad from fixed; show-codegen.sh shows where they differ\n");
#else
	if (res.counts[FLAG_NOT_DATA] == 0)
		printf("x86-64:    masked on this CPU: TSO never lets a load pass "
		       "an earlier load, so the outcome needs a weakly ordered CPU "
		       "(arm64, POWER); show-codegen.sh shows that nothing "
		       "separates the two loads\n");
	else
		printf("x86-64:    TSO never lets a load pass an earlier load: "
		       "the compiler must have put the load of data before the "
		       "load of flag (see show-codegen.sh)\n");
#endif
#endif
	return 0;
}

// repro-shows: codegen
// codegen: loadload thread1 flag data
// codegen: loadload thread1_acquire flag data
