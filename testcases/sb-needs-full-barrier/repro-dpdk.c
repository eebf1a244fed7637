// SPDX-License-Identifier: GPL-2.0
/*
 * sb-needs-full-barrier with DPDK (dpdk.def), against the installed
 * <rte_atomic.h>: store buffering (SB, Dekker), each side stores one
 * location with __atomic_store_n(..., __ATOMIC_RELAXED) and then loads
 * the other with __atomic_load_n(..., __ATOMIC_RELAXED), DPDK's idiom
 * since 20.08. Only rte_smp_mb() (or rte_atomic_thread_fence(
 * __ATOMIC_SEQ_CST), which is rte_smp_mb() on x86) on both sides forbids
 * both loads missing both stores; rte_smp_wmb() is a write barrier
 * (generic/rte_atomic.h: "Write memory barrier between lcores").
 *
 * What a run shows: the SB test with
 *	T0: store x = 1; rte_smp_wmb(); r0 = load y;	T1: mirror
 * and with -DFIXED rte_smp_mb() in place of rte_smp_wmb(), and the counts
 * of all four (r0, r1) outcomes. The harness's SB prepare hook reads x
 * and y on both CPUs first. DPDK's barriers are header code
 * (rte_atomic.h): no EAL is needed to run them.
 *
 * This CPU can show it: x86-64 is TSO, whose one reordering is a later
 * load passing an earlier store, exactly r0=0 r1=0. On x86-64
 * rte_smp_wmb() is rte_compiler_barrier(), and rte_smp_mb() a
 * "lock addl $0, -128(%rsp)" (x86 rte_atomic.h). A zero count for the
 * fixed build is what this run measured, not a proof.
 *
 * What this CPU cannot show: message passing (rte_smp_wmb() against
 * rte_smp_rmb()), which x86 never reorders; on arm64 rte_smp_wmb() is a
 * dmb ishst and rte_smp_rmb() a dmb ishld. Not run on arm64 here.
 */
// repro-pkg: libdpdk --cflags
#include <stdio.h>

#include <rte_atomic.h>

#include "harness.h"

static int x __harness_aligned;
static int y __harness_aligned;
static struct harness_sb sb = { .x = &x, .y = &y };

#ifdef FIXED
#define SB_FENCE() rte_smp_mb()
#define SB_FENCE_NAME "rte_smp_mb()"
#else
#define SB_FENCE() rte_smp_wmb()
#define SB_FENCE_NAME "rte_smp_wmb()"
#endif

static void thread0(void *shared)
{
	struct harness_sb *s = shared;

	__atomic_store_n(&x, 1, __ATOMIC_RELAXED);
	SB_FENCE();
	s->r0 = __atomic_load_n(&y, __ATOMIC_RELAXED);
}

static void thread1(void *shared)
{
	struct harness_sb *s = shared;

	__atomic_store_n(&y, 1, __ATOMIC_RELAXED);
	SB_FENCE();
	s->r1 = __atomic_load_n(&x, __ATOMIC_RELAXED);
}

int main(void)
{
	struct harness_test t;
	int rc;

	harness_print_header("sb-needs-full-barrier (DPDK)", REPRO_VARIANT);
	printf("library:   DPDK %d.%d <rte_atomic.h>\n", RTE_VER_YEAR,
	       RTE_VER_MONTH);
	printf("code:      T0: __atomic_store_n(&x, 1, __ATOMIC_RELAXED); %s; "
	       "r0 = __atomic_load_n(&y, __ATOMIC_RELAXED);  ||  T1: mirror\n",
	       SB_FENCE_NAME);
#ifdef FIXED
	harness_sb_test(&t, &sb, "SB+rte_smp_mbs", thread0, thread1);
#else
	harness_sb_test(&t, &sb, "SB+rte_smp_wmbs", thread0, thread1);
#endif
#ifdef FIXED
	rc = harness_sb_report(&t, true, "rte_smp_mb() is a locked add here");
#else
	rc = harness_sb_report(&t, false,
			       "rte_smp_wmb() is a compiler barrier here");
#endif
	return rc;
}
