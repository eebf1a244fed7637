// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-after-if: a store after the end of an if/else is not ordered by
 * the if's condition; a control dependency covers only the then- and
 * else-legs and what they call (control-dependencies.txt; memory-barriers.txt,
 * CONTROL DEPENDENCIES).  The compiler may turn the legs into a conditional
 * move, and then nothing at all ties the later store to the load.
 *
 * What a run shows: load buffering through the store after the if,
 *	T0: q = READ_ONCE(a); if (q) WRITE_ONCE(b, 1); else WRITE_ONCE(c, 1);
 *	    WRITE_ONCE(d, 1);
 *	T1: r1 = READ_ONCE(d); smp_mb(); WRITE_ONCE(a, 1);
 * and how often r0 == 1 && r1 == 1 (each load saw the other thread's
 * store) comes out.  With -DFIXED the store after the if is
 * smp_store_release(&d, 1), ordered after the load on its own.
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a store pass an
 * earlier load, and the compilers keep the WRITE_ONCE() after the
 * READ_ONCE(), so the outcome cannot appear here.  It needs a weakly
 * ordered CPU (arm64, POWER) running code in which no branch on a is left
 * before the store to d.  Whether one is left is what show-codegen.sh
 * prints, per the tags at the end of this file: for T0, and for T0 with a
 * plain "d = 1", which the compiler may move further still.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define STORE_D()	smp_store_release(&d, 1)
#define STORE_D_PLAIN()	smp_store_release(&d, 1)
#define STORE_NAME	"smp_store_release(&d, 1)"
#else
#define STORE_D()	WRITE_ONCE(d, 1)
#define STORE_D_PLAIN()	(d = 1)
#define STORE_NAME	"WRITE_ONCE(d, 1)"
#endif

static int a __harness_aligned;
static int b __harness_aligned;
static int c __harness_aligned;
static int d __harness_aligned;
static struct harness_sb sb = { .x = &a, .y = &d };

/* r0=1 r1=1 in harness_sb's (r0 & 1) * 2 + (r1 & 1) numbering */
#define BOTH_SEEN	3

static void thread0(void *shared)
{
	struct harness_sb *s = shared;
	int q = READ_ONCE(a);

	s->r0 = q;
	if (q)
		WRITE_ONCE(b, 1);
	else
		WRITE_ONCE(c, 1);
	STORE_D();
}

/* Not run: the same with a plain store after the if, for show-codegen.sh. */
void thread0_plain_d(void *shared);
void thread0_plain_d(void *shared)
{
	struct harness_sb *s = shared;
	int q = READ_ONCE(a);

	s->r0 = q;
	if (q)
		WRITE_ONCE(b, 1);
	else
		WRITE_ONCE(c, 1);
	STORE_D_PLAIN();
}

static void thread1(void *shared)
{
	struct harness_sb *s = shared;

	s->r1 = READ_ONCE(d);
	smp_mb();
	WRITE_ONCE(a, 1);
}

int main(void)
{
	struct harness_test t;
	struct harness_result res;
	int err;

	harness_print_header("ctrl-dep-after-if", REPRO_VARIANT);
	printf("code:      T0: q = READ_ONCE(a); if (q) WRITE_ONCE(b, 1); else "
	       "WRITE_ONCE(c, 1); %s;  ||  T1: r1 = READ_ONCE(d); smp_mb(); "
	       "WRITE_ONCE(a, 1);\n", STORE_NAME);
	printf("legend:    r0 = a as T0 read it, r1 = d as T1 read it\n");
	/* harness_sb_test() gives the reset, shared lines and (r0, r1) counts. */
	harness_sb_test(&t, &sb, "LB+after-if+mb", thread0, thread1);
	err = harness_run(&t, harness_iterations(1000000), 9.0, &res);
	if (err)
		return 2;
	harness_print_histogram(&t, &res, BOTH_SEEN, "the outcome the ordering forbids");
#ifdef FIXED
	harness_print_verdict(&res, BOTH_SEEN, true);
#else
	harness_print_verdict(&res, BOTH_SEEN, false);
#endif
#if defined(__x86_64__)
#ifdef FIXED
	printf("x86-64:    TSO keeps a store after an earlier load, so on "
	       "this CPU the bad code cannot show the outcome either and a run "
	       "cannot tell bad from fixed; show-codegen.sh shows where they "
	       "differ\n");
#else
	if (res.counts[BOTH_SEEN] == 0)
		printf("x86-64:    masked on this CPU: TSO never lets a store pass "
		       "an earlier load, so the outcome needs a weakly ordered CPU "
		       "(arm64, POWER); show-codegen.sh shows whether a branch on "
		       "a is left before the store to d\n");
	else
		printf("x86-64:    TSO never lets a store pass an earlier load: "
		       "the compiler must have put the store to d before the load "
		       "of a (see show-codegen.sh)\n");
#endif
#endif
	return 0;
}

// repro-shows: codegen
// codegen: ctrl thread0 a d
// codegen: ctrl thread0_plain_d a d
