// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-load-load: a control dependency orders a load only before later
 * stores, never before later loads: the CPU predicts the branch and may
 * satisfy the later load first (control-dependencies.txt, "a load-load
 * control dependency will not preserve ordering unless a read memory
 * barrier is provided"; memory-barriers.txt, CONTROL DEPENDENCIES).
 *
 * What a run shows: message passing, the reader waiting on a flag,
 *	T0: WRITE_ONCE(data, 1); smp_wmb(); WRITE_ONCE(flag, 1);
 *	T1: while (!READ_ONCE(flag)) cpu_relax(); r1 = READ_ONCE(data);
 * and how often T1 read data == 0 after it saw flag == 1.  With -DFIXED
 * the reader has smp_acquire__after_ctrl_dep() after the loop.
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a load pass an
 * earlier load, so the outcome cannot appear here with or without the
 * barrier, which compiles to nothing on x86 (a compiler barrier).  It needs
 * a weakly ordered CPU (arm64, POWER).  show-codegen.sh prints, per the
 * tags at the end of this file, the reader as gcc and clang compile it:
 * nothing but a branch between the two loads in the bad build, a dmb ishld
 * in the fixed arm64 build, and, for the smp_load_acquire() form of the
 * fix (not run), an ldar.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

/* kprims.h has none; this is include/asm-generic/barrier.h's definition. */
#ifndef smp_acquire__after_ctrl_dep
#define smp_acquire__after_ctrl_dep()	smp_rmb()
#endif

#ifdef FIXED
#define AFTER_LOOP()	smp_acquire__after_ctrl_dep()
#define AFTER_NAME	" smp_acquire__after_ctrl_dep();"
#define WAIT_LOAD(p)	smp_load_acquire(p)
#else
#define AFTER_LOOP()	do { } while (0)
#define AFTER_NAME	""
#define WAIT_LOAD(p)	READ_ONCE(*(p))
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

static void thread1(void *shared)
{
	struct harness_sb *s = shared;
	int r0;

	while (!(r0 = READ_ONCE(flag)))
		cpu_relax();
	AFTER_LOOP();
	s->r1 = READ_ONCE(data);
	s->r0 = r0;
}

/* Not run: the fix as an acquire load in the loop, for show-codegen.sh. */
void thread1_acquire(void *shared);
void thread1_acquire(void *shared)
{
	struct harness_sb *s = shared;
	int r0;

	while (!(r0 = WAIT_LOAD(&flag)))
		cpu_relax();
	s->r1 = READ_ONCE(data);
	s->r0 = r0;
}

int main(void)
{
	struct harness_test t;
	struct harness_result res;
	int err;

	harness_print_header("ctrl-dep-load-load", REPRO_VARIANT);
	printf("code:      T0: WRITE_ONCE(data, 1); smp_wmb(); WRITE_ONCE(flag, 1);"
	       "  ||  T1: while (!READ_ONCE(flag)) cpu_relax();%s r1 = "
	       "READ_ONCE(data);\n", AFTER_NAME);
	printf("legend:    r0 = flag as T1 last read it, r1 = data as T1 read it after\n");
	/* harness_sb_test() gives the reset, shared lines and (r0, r1) counts. */
	harness_sb_test(&t, &sb, "MP+wmbonceonce+ctrlonceonce", thread0, thread1);
	err = harness_run(&t, harness_iterations(1000000), 9.0, &res);
	if (err)
		return 2;
	harness_print_histogram(&t, &res, FLAG_NOT_DATA, "the outcome the ordering forbids");
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
		       "(arm64, POWER); show-codegen.sh shows that only a branch "
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
