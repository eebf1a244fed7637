// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-c11-relaxed: in the C11 model a relaxed load that decides
 * whether a relaxed store happens orders nothing; only the hardware and
 * today's compilers keep the store after the load, and neither is
 * promised.  The LKMM's control dependency has no C11 counterpart
 * (ordering-semantics.md section 2, C9; C11 7.17.3: only
 * happens-before orders, and a branch creates none).
 *
 * What a run shows: load buffering in C11,
 *	T0: if (load(&a, relaxed)) store(&b, 1, relaxed);
 *	T1: r1 = load(&b, relaxed); fence(seq_cst); store(&a, 1, relaxed);
 * and how often r0 == 1 && r1 == 1 (each load saw the other thread's
 * store), which C11 allows for this code.  With -DFIXED T0's load is
 * memory_order_acquire, and the outcome is forbidden.
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a store pass an
 * earlier load, so the outcome cannot appear here with either build; on
 * arm64 or POWER it needs a compiler that takes the freedom C11 gives it
 * (the branch kept in today's code is what still hides it).  show-codegen.sh,
 * per the tag at the end of this file, prints T0 for gcc and clang on
 * x86-64 and arm64: the fixed build's load is an acquire (ldar on arm64),
 * the bad build's store is ordered by nothing but the branch.
 */
#include <stdatomic.h>
#include <stdio.h>

#include "harness.h"

#ifdef FIXED
#define LOAD_ORDER	memory_order_acquire
#define LOAD_NAME	"memory_order_acquire"
#else
#define LOAD_ORDER	memory_order_relaxed
#define LOAD_NAME	"memory_order_relaxed"
#endif

static atomic_int a __harness_aligned;
static atomic_int b __harness_aligned;
/* the harness resets the variables with plain stores while no body runs */
static struct harness_sb sb = { .x = (int *)&a, .y = (int *)&b };

/* r0=1 r1=1 in harness_sb's (r0 & 1) * 2 + (r1 & 1) numbering */
#define BOTH_SEEN	3

void thread0(void *shared);
void thread0(void *shared)
{
	struct harness_sb *s = shared;
	int q = atomic_load_explicit(&a, LOAD_ORDER);

	s->r0 = q;
	if (q)
		atomic_store_explicit(&b, 1, memory_order_relaxed);
}

/* Two bodies that differ, so the legs stay distinct. */
static unsigned long then_legs, else_legs;

static __attribute__((noinline)) void do_x(void)
{
	then_legs++;
}

static __attribute__((noinline)) void do_y(void)
{
	else_legs++;
}

/*
 * Not run, for show-codegen.sh: the same load deciding between two legs
 * that both store 1 to b.  The compilers merge the relaxed stores and
 * issue one before the branch, as they may for any relaxed store here;
 * with -DFIXED the acquire keeps the store after the load anyway.
 */
void thread0_both_legs(void *shared);
void thread0_both_legs(void *shared)
{
	struct harness_sb *s = shared;
	int q = atomic_load_explicit(&a, LOAD_ORDER);

	s->r0 = q;
	if (q) {
		atomic_store_explicit(&b, 1, memory_order_relaxed);
		do_x();
	} else {
		atomic_store_explicit(&b, 1, memory_order_relaxed);
		do_y();
	}
}

static void thread1(void *shared)
{
	struct harness_sb *s = shared;

	s->r1 = atomic_load_explicit(&b, memory_order_relaxed);
	atomic_thread_fence(memory_order_seq_cst);
	atomic_store_explicit(&a, 1, memory_order_relaxed);
}

int main(void)
{
	struct harness_test t;
	struct harness_result res;
	int err;

	harness_print_header("ctrl-dep-c11-relaxed", REPRO_VARIANT);
	printf("code:      T0: q = atomic_load_explicit(&a, %s); if (q) "
	       "atomic_store_explicit(&b, 1, relaxed);  ||  T1: r1 = "
	       "atomic_load_explicit(&b, relaxed); atomic_thread_fence(seq_cst); "
	       "atomic_store_explicit(&a, 1, relaxed);\n", LOAD_NAME);
	printf("legend:    r0 = a as T0 read it, r1 = b as T1 read it\n");
	harness_sb_test(&t, &sb, "LB+ctrl-c11-relaxed+fence", thread0, thread1);
	err = harness_run(&t, harness_iterations(1000000), 9.0, &res);
	if (err)
		return 2;
	harness_print_histogram(&t, &res, BOTH_SEEN,
				"the outcome C11 allows unless the load is acquire");
#ifdef FIXED
	harness_print_verdict(&res, BOTH_SEEN, true);
#else
	harness_print_verdict(&res, BOTH_SEEN, false);
#endif
#if defined(__x86_64__)
	if (res.counts[BOTH_SEEN] == 0)
		printf("x86-64:    masked on this CPU: TSO never lets a store "
		       "pass an earlier load, so neither build can show the "
		       "outcome here; it needs a weakly ordered CPU and a "
		       "compiler that drops the branch, which C11 allows\n");
	else
		printf("x86-64:    TSO never lets a store pass an earlier load: "
		       "the compiler must have put the store to b before the "
		       "load of a (see show-codegen.sh)\n");
#endif
	return 0;
}

// repro-shows: codegen
// codegen: ctrl thread0 a b
// codegen: ctrl thread0_both_legs a b
