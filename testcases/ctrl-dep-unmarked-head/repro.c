// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-unmarked-head: the load that heads a control dependency is a
 * plain access, so the compiler may fuse it with other loads of the same
 * variable, hoist it out of a loop, or use a value it has proved, and the
 * branch no longer tests what another CPU stored (control-dependencies.txt:
 * "Without the READ_ONCE(), the compiler might fuse the load from a with
 * other loads"; memory-barriers.txt, CONTROL DEPENDENCIES).
 *
 * What a run shows: load buffering in which T0 polls for a, a bounded
 * number of times, before it stores:
 *	T0: for (n = 0; n < SPIN_POLLS; n++) if (a) { WRITE_ONCE(b, 1); r0 = 1; return; }
 *	    r0 = 0;
 *	T1: r1 = READ_ONCE(b); smp_mb(); WRITE_ONCE(a, 1);
 * and how often T0 saw a == 1 at all (r0) and how often r0 == 1 && r1 == 1
 * (the LB outcome) comes out.  The loop body holds no barrier, so with the
 * plain "if (a)" the compiler may read a once, before the loop: T0 then
 * gives up in nearly every iteration, a compiler effect this CPU does show.
 * With -DFIXED the test is "if (READ_ONCE(a))", re-read in every poll.
 * (With cpu_relax() in the loop, as kernel polling loops have, its
 * "memory" clobber forces the reload and hides the bug.)
 *
 * What this CPU cannot show: the LB outcome itself; x86-64 is TSO and
 * never lets a store pass an earlier load.  show-codegen.sh prints, per
 * the tags at the end of this file, what gcc and clang make of T0, and of
 * the unbounded "while (!a) ;" wait, which is not run: hoisted, it would
 * never end.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define HEAD(x)		READ_ONCE(x)
#define HEAD_NAME	"READ_ONCE(a)"
#else
#define HEAD(x)		(x)
#define HEAD_NAME	"a"
#endif

/* Far longer than T1 takes to store, so the fixed poll almost never ends unseen. */
#define SPIN_POLLS	100000

static int a __harness_aligned;
static int b __harness_aligned;
static struct harness_sb sb = { .x = &a, .y = &b };

/* outcome indices in harness_sb's (r0 & 1) * 2 + (r1 & 1) numbering */
#define SAW_A		2	/* r0=1 r1=0 */
#define BOTH_SEEN	3	/* r0=1 r1=1 */

static void thread0(void *shared)
{
	struct harness_sb *s = shared;
	unsigned int n;

	for (n = 0; n < SPIN_POLLS; n++) {
		if (HEAD(a)) {
			WRITE_ONCE(b, 1);
			s->r0 = 1;
			return;
		}
	}
	s->r0 = 0;
}

/* Not run: the unbounded wait, for show-codegen.sh. */
void thread0_spin(void *shared);
void thread0_spin(void *shared)
{
	struct harness_sb *s = shared;

	while (!HEAD(a))
		;
	WRITE_ONCE(b, 1);
	s->r0 = 1;
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
	unsigned long saw;
	int err;

	harness_print_header("ctrl-dep-unmarked-head", REPRO_VARIANT);
	printf("code:      T0: for (n = 0; n < %d; n++) if (%s) { WRITE_ONCE(b, 1); "
	       "r0 = 1; return; } r0 = 0;  ||  T1: r1 = READ_ONCE(b); smp_mb(); "
	       "WRITE_ONCE(a, 1);\n", SPIN_POLLS, HEAD_NAME);
	printf("legend:    r0 = 1 if T0 saw a == 1 within its polls, r1 = b as T1 read it\n");
	/* harness_sb_test() gives the reset, shared lines and (r0, r1) counts. */
	harness_sb_test(&t, &sb, "LB+ctrl-poll+mb", thread0, thread1);
	err = harness_run(&t, harness_iterations(1000000), 9.0, &res);
	if (err)
		return 2;
	harness_print_histogram(&t, &res, BOTH_SEEN, "the outcome the ordering forbids");
	saw = res.counts[SAW_A] + res.counts[BOTH_SEEN];
	printf("poll:      T0 saw T1's store to a in %lu of %lu iterations (%.2f%%), "
	       "gave up in %lu\n", saw, res.iterations,
	       res.iterations ? 100.0 * saw / res.iterations : 0.0,
	       res.iterations - saw);
#ifdef FIXED
	harness_print_verdict(&res, BOTH_SEEN, true);
#else
	harness_print_verdict(&res, BOTH_SEEN, false);
#endif
#if defined(__x86_64__)
	if (res.counts[BOTH_SEEN] == 0)
		printf("x86-64:    the LB outcome is masked on this CPU: TSO never "
		       "lets a store pass an earlier load; it needs a weakly "
		       "ordered CPU (arm64, POWER)\n");
	else
		printf("x86-64:    TSO never lets a store pass an earlier load: "
		       "the compiler must have put the store to b before the load "
		       "of a (see show-codegen.sh)\n");
#endif
	return 0;
}

// repro-shows: outcome
// codegen: poll thread0 a b
// codegen: poll thread0_spin a b
