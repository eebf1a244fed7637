// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-unmarked-store: the store a control dependency is to order is a
 * plain access, so the compiler may fuse it with other stores to the same
 * variable and the branch disappears (control-dependencies.txt: "Without the
 * WRITE_ONCE(), the compiler might fuse the store to b with other stores";
 * memory-barriers.txt, CONTROL DEPENDENCIES).
 *
 * What a run shows: load buffering with a control dependency on T0,
 *	T0: q = READ_ONCE(a); if (q) b = 1; else b = 2;
 *	T1: r1 = READ_ONCE(b) != 0; smp_mb(); WRITE_ONCE(a, 1);
 * and how often r0 == 1 && r1 == 1 (each load saw the other thread's
 * store) comes out.  With -DFIXED the legs are WRITE_ONCE(b, 1) and
 * WRITE_ONCE(b, 2), the form control-dependencies.txt recommends.
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a store pass an
 * earlier load, so the outcome cannot appear here unless the compiler
 * itself puts the store before the load.  It needs a weakly ordered CPU
 * (arm64, POWER).  show-codegen.sh prints, per the tags at the end of this
 * file, what gcc and clang make of T0's two stores, and of the one-legged
 * "if (READ_ONCE(a)) b = 1;", where C11 forbids inventing the store on the
 * other path.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define STORE(x, v)	WRITE_ONCE(x, v)
#define STORE_NAME	"WRITE_ONCE(b, %d)"
#else
#define STORE(x, v)	((x) = (v))
#define STORE_NAME	"b = %d"
#endif

static int a __harness_aligned;
static int b __harness_aligned;
static struct harness_sb sb = { .x = &a, .y = &b };

/* r0=1 r1=1 in harness_sb's (r0 & 1) * 2 + (r1 & 1) numbering */
#define BOTH_SEEN	3

static void thread0(void *shared)
{
	struct harness_sb *s = shared;
	int q = READ_ONCE(a);

	s->r0 = q;
	if (q)
		STORE(b, 1);
	else
		STORE(b, 2);
}

/* Not run: a store in one leg only, for show-codegen.sh. */
void thread0_one_leg(void *shared);
void thread0_one_leg(void *shared)
{
	struct harness_sb *s = shared;
	int q = READ_ONCE(a);

	s->r0 = q;
	if (q)
		STORE(b, 1);
}

static void thread1(void *shared)
{
	struct harness_sb *s = shared;

	s->r1 = READ_ONCE(b) != 0;
	smp_mb();
	WRITE_ONCE(a, 1);
}

int main(void)
{
	struct harness_test t;
	struct harness_result res;
	int err;

	harness_print_header("ctrl-dep-unmarked-store", REPRO_VARIANT);
	printf("code:      T0: q = READ_ONCE(a); if (q) " STORE_NAME "; else "
	       STORE_NAME ";  ||  T1: r1 = READ_ONCE(b) != 0; smp_mb(); "
	       "WRITE_ONCE(a, 1);\n", 1, 2);
	printf("legend:    r0 = a as T0 read it, r1 = 1 if T1 saw a store to b\n");
	/* harness_sb_test() gives the reset, shared lines and (r0, r1) counts. */
	harness_sb_test(&t, &sb, "LB+ctrl-plain-store+mb", thread0, thread1);
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
	       "this CPU the bad code cannot show the outcome either (while "
	       "its store stays after the load) and a run cannot tell bad from "
	       "fixed; show-codegen.sh shows where they differ\n");
#else
	if (res.counts[BOTH_SEEN] == 0)
		printf("x86-64:    masked on this CPU: TSO never lets a store pass "
		       "an earlier load, so the outcome needs a weakly ordered CPU "
		       "(arm64, POWER); show-codegen.sh shows what the compilers "
		       "did to the stores\n");
	else
		printf("x86-64:    TSO never lets a store pass an earlier load: "
		       "the compiler must have put the store to b before the load "
		       "of a (see show-codegen.sh)\n");
#endif
#endif
	return 0;
}

// repro-shows: codegen
// codegen: ctrl thread0 a b
// codegen: ctrl thread0_one_leg a b
