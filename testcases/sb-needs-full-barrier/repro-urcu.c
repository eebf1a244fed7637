// SPDX-License-Identifier: GPL-2.0
/*
 * sb-needs-full-barrier with liburcu (urcu.def), against the installed
 * headers and library: store buffering (SB, Dekker), each side stores one
 * location with CMM_STORE_SHARED() and then loads the other with
 * CMM_LOAD_SHARED(). Only cmm_smp_mb() on both sides forbids both loads
 * missing both stores; cmm_smp_wmb() orders stores only
 * (urcu/arch/generic.h, doc/uatomic-api.md).
 *
 * What a run shows: the SB test with
 *	T0: CMM_STORE_SHARED(x, 1); cmm_smp_wmb(); r0 = CMM_LOAD_SHARED(y);
 *	T1: mirror
 * and with -DFIXED cmm_smp_mb() in place of cmm_smp_wmb(), and the counts
 * of all four (r0, r1) outcomes. The harness's SB prepare hook reads x
 * and y on both CPUs first, so each store waits in the store buffer while
 * the load after it hits the cache.
 *
 * This CPU can show it: x86-64 is TSO, whose one reordering is a later
 * load passing an earlier store, exactly r0=0 r1=0. On x86-64 urcu's
 * cmm_smp_wmb() is cmm_barrier(), a compiler barrier (urcu/arch/x86.h),
 * and cmm_smp_mb() is mfence. A zero count for the fixed build is what
 * this run measured, not a proof.
 *
 * What this CPU cannot show: message passing (cmm_smp_wmb() against
 * cmm_smp_rmb()), which x86 never reorders; it needs arm64 or POWER,
 * where cmm_smp_wmb() is a dmb ishst / lwsync. Not run on those here.
 */
// repro-pkg: liburcu
#include <stdio.h>

#include <urcu/arch.h>
#include <urcu/system.h>
#include <urcu/urcu-memb.h>

#include "harness.h"

static int x __harness_aligned;
static int y __harness_aligned;
static struct harness_sb sb = { .x = &x, .y = &y };

#ifdef FIXED
#define SB_FENCE() cmm_smp_mb()
#define SB_FENCE_NAME "cmm_smp_mb()"
#else
#define SB_FENCE() cmm_smp_wmb()
#define SB_FENCE_NAME "cmm_smp_wmb()"
#endif

static void thread0(void *shared)
{
	struct harness_sb *s = shared;

	CMM_STORE_SHARED(x, 1);
	SB_FENCE();
	s->r0 = CMM_LOAD_SHARED(y);
}

static void thread1(void *shared)
{
	struct harness_sb *s = shared;

	CMM_STORE_SHARED(y, 1);
	SB_FENCE();
	s->r1 = CMM_LOAD_SHARED(x);
}

int main(void)
{
	struct harness_test t;
	int rc;

	harness_print_header("sb-needs-full-barrier (liburcu)", REPRO_VARIANT);
	/* the library is linked and runs: register with the memb flavour */
	urcu_memb_register_thread();
	printf("library:   liburcu (urcu-memb), this thread registered\n");
	printf("code:      T0: CMM_STORE_SHARED(x, 1); %s; "
	       "r0 = CMM_LOAD_SHARED(y);  ||  T1: mirror\n",
	       SB_FENCE_NAME);
#ifdef FIXED
	harness_sb_test(&t, &sb, "SB+cmm_smp_mbs", thread0, thread1);
#else
	harness_sb_test(&t, &sb, "SB+cmm_smp_wmbs", thread0, thread1);
#endif
#ifdef FIXED
	rc = harness_sb_report(&t, true, "cmm_smp_mb() is mfence here");
#else
	rc = harness_sb_report(&t, false,
			       "cmm_smp_wmb() is a compiler barrier here");
#endif
	urcu_memb_unregister_thread();
	return rc;
}
