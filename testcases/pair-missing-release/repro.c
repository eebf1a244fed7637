// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release: the reader orders its two loads with smp_rmb(),
 * the writer stores data (a plain store, as in the code the rule reports)
 * and then the flag with nothing between, so a weakly ordered CPU may make
 * the two stores visible in the other order, and the compiler may sink the
 * plain data store below the marked flag store (recipes.txt, "Message
 * passing (MP)": both sides must order).
 *
 * What a run shows: message passing with one read of each location,
 *	T0: data = 1; WRITE_ONCE(flag, 1);
 *	T1: r0 = READ_ONCE(flag); smp_rmb(); r1 = READ_ONCE(data);
 * and the counts of all four (r0, r1) outcomes; r0=1 r1=0 (flag seen, data
 * not) is the one the ordering forbids.  With -DFIXED the writer has
 * smp_wmb() between its stores.  The jitter is 200 ns, so that the
 * reader's loads fall before, into and after the writer's stores.
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a store pass an
 * earlier store, so r0=1 r1=0 can appear here only if the compiler put
 * the store of data after the store of flag; smp_wmb() compiles to nothing
 * on x86 (a compiler barrier).  The CPU's part needs a weakly ordered CPU
 * (arm64, POWER).  show-codegen.sh (the order tags at the end) prints the
 * writers, thread0() and writer_release() (the smp_store_release() form
 * of the fix, not run), and says what orders the store of flag after the
 * store of data: on x86-64 TSO, on arm64 nothing in the bad build, dmb
 * ishst or stlr in the fixed one.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define BETWEEN()	smp_wmb()
#define BETWEEN_NAME	" smp_wmb();"
#define FLAG_STORE(p, v)	smp_store_release(p, v)
#else
#define BETWEEN()	do { } while (0)
#define BETWEEN_NAME	""
#define FLAG_STORE(p, v)	WRITE_ONCE(*(p), v)
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
	data = 1;
	BETWEEN();
	WRITE_ONCE(flag, 1);
}

/* Not run: the fix as a release store of the flag, for the README. */
void writer_release(void *shared);
void writer_release(void *shared)
{
	(void)shared;
	data = 1;
	FLAG_STORE(&flag, 1);
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

	harness_print_header("pair-missing-release", REPRO_VARIANT);
	printf("code:      T0: data = 1;%s WRITE_ONCE(flag, 1);  ||  T1: r0 = "
	       "READ_ONCE(flag); smp_rmb(); r1 = READ_ONCE(data);\n",
	       BETWEEN_NAME);
	printf("legend:    r0 = flag as T1 read it, r1 = data as T1 read it after\n");
	/* harness_sb_test() gives the reset, shared lines and (r0, r1) counts. */
	harness_sb_test(&t, &sb, "MP+plainonce+rmbonceonce", thread0, thread1);
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
	printf("x86-64:    TSO never lets a store pass an earlier store, so the "
	       "bad code cannot show the outcome here either unless its "
	       "compiler sank the data store, and a run cannot tell bad from "
	       "fixed\n");
#else
	if (res.counts[FLAG_NOT_DATA] == 0)
		printf("x86-64:    masked on this CPU: TSO never lets a store pass "
		       "an earlier store or a load an earlier load, so the outcome "
		       "needs a weakly ordered CPU (arm64, POWER) or a compiler "
		       "that sinks the data store below the flag store (objdump "
		       "-d of thread0() shows the order this build emits)\n");
	else
		printf("x86-64:    TSO never lets a store pass an earlier store: "
		       "the compiler must have put the store of data after the "
		       "store of flag (objdump -d of thread0())\n");
#endif
#endif
	return 0;
}

// repro-shows: codegen
// codegen: order thread0 data flag
// codegen: order writer_release data flag
