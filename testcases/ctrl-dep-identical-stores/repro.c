// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-identical-stores: both legs of an if store the same value to
 * the same variable, so the compiler may store once before the branch and
 * the control dependency that was to order the store after the load is gone
 * (control-dependencies.txt; memory-barriers.txt, CONTROL DEPENDENCIES).
 *
 * What a run shows: load buffering with a control dependency on T0,
 *	T0: q = READ_ONCE(a); if (q) { WRITE_ONCE(b, 1); barrier(); do_x(); }
 *	                      else   { WRITE_ONCE(b, 1); barrier(); do_y(); }
 *	T1: r1 = READ_ONCE(b); smp_mb(); WRITE_ONCE(a, 1);
 * and how often r0 == 1 && r1 == 1 (each load saw the other thread's
 * store) comes out.  With -DFIXED both legs use smp_store_release(&b, 1),
 * which orders the store after the load whatever the compiler does with
 * the branch.
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a store pass an
 * earlier load, and the compilers keep a WRITE_ONCE() after an earlier
 * READ_ONCE(), so the outcome cannot appear here, hoisted store or not.
 * It needs a weakly ordered CPU (arm64, POWER) running code in which the
 * store was hoisted above the branch.  What the compilers do to the branch
 * is the part this machine can show: show-codegen.sh, per the tag at the
 * end of this file, prints T0 as gcc and clang compile it for x86-64 and
 * arm64 and says where the store to b ended up.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define STORE_B()	smp_store_release(&b, 1)
#define STORE_NAME	"smp_store_release(&b, 1)"
#else
#define STORE_B()	WRITE_ONCE(b, 1)
#define STORE_NAME	"WRITE_ONCE(b, 1)"
#endif

static int a __harness_aligned;
static int b __harness_aligned;
static struct harness_sb sb = { .x = &a, .y = &b };

/* Which leg T0 took: two bodies that differ, so the legs stay distinct. */
static unsigned long then_legs, else_legs;

/* r0=1 r1=1 in harness_sb's (r0 & 1) * 2 + (r1 & 1) numbering */
#define BOTH_SEEN	3

static __attribute__((noinline)) void do_x(void)
{
	then_legs++;
}

static __attribute__((noinline)) void do_y(void)
{
	else_legs++;
}

static void thread0(void *shared)
{
	struct harness_sb *s = shared;
	int q = READ_ONCE(a);

	s->r0 = q;
	if (q) {
		STORE_B();
		barrier();
		do_x();
	} else {
		STORE_B();
		barrier();
		do_y();
	}
}

/*
 * The same legs with barrier() before the store, as control-dependencies.txt
 * writes them.  Not run: here for show-codegen.sh, since the compilers do
 * not all treat the two placements alike.
 */
void thread0_barrier_first(void *shared);
void thread0_barrier_first(void *shared)
{
	struct harness_sb *s = shared;
	int q = READ_ONCE(a);

	s->r0 = q;
	if (q) {
		barrier();
		STORE_B();
		do_x();
	} else {
		barrier();
		STORE_B();
		do_y();
	}
}

static void thread1(void *shared)
{
	struct harness_sb *s = shared;

	s->r1 = READ_ONCE(b);
	smp_mb();
	WRITE_ONCE(a, 1);
}

int main(void)
{
	struct harness_test t;
	struct harness_result res;
	int err;

	harness_print_header("ctrl-dep-identical-stores", REPRO_VARIANT);
	printf("code:      T0: q = READ_ONCE(a); if (q) { %s; barrier(); do_x(); } "
	       "else { %s; barrier(); do_y(); }  ||  T1: r1 = READ_ONCE(b); "
	       "smp_mb(); WRITE_ONCE(a, 1);\n", STORE_NAME, STORE_NAME);
	printf("legend:    r0 = a as T0 read it, r1 = b as T1 read it\n");
	/* harness_sb_test() gives the reset, shared lines and (r0, r1) counts. */
	harness_sb_test(&t, &sb, "LB+ctrl-identical-stores+mb", thread0, thread1);
	err = harness_run(&t, harness_iterations(1000000), 9.0, &res);
	if (err)
		return 2;
	harness_print_histogram(&t, &res, BOTH_SEEN, "the outcome the ordering forbids");
	printf("legs:      T0 took the then-leg %lu times, the else-leg %lu times\n",
	       then_legs, else_legs);
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
		       "(arm64, POWER); show-codegen.sh shows what the compilers "
		       "did to the branch\n");
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
// codegen: ctrl thread0_barrier_first a b
