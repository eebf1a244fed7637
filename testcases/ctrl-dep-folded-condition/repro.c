// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-folded-condition: the condition that was to carry the control
 * dependency has the same value whatever was loaded (q % MAX with MAX == 1,
 * q || 1 > 0), so the compiler deletes the branch and the store after it is
 * no longer ordered after the load (control-dependencies.txt;
 * memory-barriers.txt, CONTROL DEPENDENCIES).  READ_ONCE() forces the load,
 * not the use of its value.
 *
 * What a run shows: load buffering with a control dependency on T0,
 *	T0: q = READ_ONCE(a); if (q % MAX) { WRITE_ONCE(b, 1); do_x(); }
 *	                      else         { WRITE_ONCE(b, 2); do_y(); }
 *	T1: r1 = READ_ONCE(b) != 0; smp_mb(); WRITE_ONCE(a, 1);
 * with MAX == 1, and how often r0 == 1 && r1 == 1 (each load saw the other
 * thread's store) comes out.  -DFIXED makes MAX 2 (a _Static_assert keeps
 * it above 1, the docs' BUILD_BUG_ON), so the condition is real.
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a store pass an
 * earlier load, and the compilers keep the WRITE_ONCE() after the
 * READ_ONCE() (both volatile), so the outcome cannot appear here, branch or
 * no branch.  It needs a weakly ordered CPU (arm64, POWER).  The compiler's
 * part, the vanished branch, is what show-codegen.sh prints, per the tags at
 * the end of this file: T0 above, and T0 with the short-circuit form
 * "if (q || 1 > 0)", whose fix (the condition cannot change) is
 * smp_load_acquire().
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define MAX		2
#define HEAD_OR(p)	smp_load_acquire(p)
_Static_assert(MAX > 1, "q % MAX must depend on q: order load from a with store to b");
#else
#define MAX		1
#define HEAD_OR(p)	READ_ONCE(*(p))
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
	if (q % MAX) {
		WRITE_ONCE(b, 1);
		do_x();
	} else {
		WRITE_ONCE(b, 2);
		do_y();
	}
}

/* Not run: the short-circuit form, for show-codegen.sh. */
void thread0_or_true(void *shared);
void thread0_or_true(void *shared)
{
	struct harness_sb *s = shared;
	int q = HEAD_OR(&a);

	s->r0 = q;
	if (q || 1 > 0)
		WRITE_ONCE(b, 1);
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

	harness_print_header("ctrl-dep-folded-condition", REPRO_VARIANT);
	printf("code:      T0: q = READ_ONCE(a); if (q %% %d) { WRITE_ONCE(b, 1); "
	       "do_x(); } else { WRITE_ONCE(b, 2); do_y(); }  ||  T1: r1 = "
	       "READ_ONCE(b) != 0; smp_mb(); WRITE_ONCE(a, 1);\n", MAX);
	printf("legend:    r0 = a as T0 read it, r1 = 1 if T1 saw a store to b\n");
	/* harness_sb_test() gives the reset, shared lines and (r0, r1) counts. */
	harness_sb_test(&t, &sb, "LB+ctrl-folded+mb", thread0, thread1);
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
		       "(arm64, POWER); show-codegen.sh shows that the branch is "
		       "gone\n");
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
// codegen: ctrl thread0_or_true a b
