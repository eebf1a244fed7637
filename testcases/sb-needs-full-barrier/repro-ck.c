// SPDX-License-Identifier: GPL-2.0
/*
 * sb-needs-full-barrier with Concurrency Kit (ck.def), against the
 * installed <ck_pr.h>: store buffering (SB, Dekker), each side stores one
 * location with ck_pr_store_int() and then loads the other with
 * ck_pr_load_int(). Only ck_pr_fence_memory() (or
 * ck_pr_fence_store_load()) on both sides forbids both loads missing both
 * stores; ck_pr_fence_store() orders stores against stores only (man
 * ck_pr_fence_store: "prior stores ... completed before any subsequent
 * stores").
 *
 * What a run shows: the SB test with
 *	T0: ck_pr_store_int(&x, 1); ck_pr_fence_store(); r0 = ck_pr_load_int(&y);
 *	T1: mirror
 * and with -DFIXED ck_pr_fence_memory() in place of ck_pr_fence_store(),
 * and the counts of all four (r0, r1) outcomes. The harness's SB prepare
 * hook reads x and y on both CPUs first.
 *
 * This CPU can show it: x86-64 is TSO, whose one reordering is a later
 * load passing an earlier store, exactly r0=0 r1=0. CK builds for TSO
 * here (CK_MD_TSO, ck_md.h): ck_pr_fence_store() is a compiler barrier
 * only (CK_PR_FENCE_NOOP), ck_pr_fence_memory() is mfence. ck_pr is
 * inline assembly in the headers: what runs is the library's own code.
 * A zero count for the fixed build is what this run measured, not a
 * proof.
 *
 * What this CPU cannot show: message passing (ck_pr_fence_store()
 * against ck_pr_fence_load()), which x86 never reorders; it needs an RMO
 * build (arm64, POWER: CK_MD_RMO), where ck_pr_fence_store() is a
 * dmb ishst / lwsync. Not run on those here.
 */
// repro-pkg: ck
#include <stdio.h>

#include <ck_pr.h>

#include "harness.h"

static int x __harness_aligned;
static int y __harness_aligned;
static struct harness_sb sb = { .x = &x, .y = &y };

#ifdef FIXED
#define SB_FENCE() ck_pr_fence_memory()
#define SB_FENCE_NAME "ck_pr_fence_memory()"
#else
#define SB_FENCE() ck_pr_fence_store()
#define SB_FENCE_NAME "ck_pr_fence_store()"
#endif

static void thread0(void *shared)
{
	struct harness_sb *s = shared;

	ck_pr_store_int(&x, 1);
	SB_FENCE();
	s->r0 = ck_pr_load_int(&y);
}

static void thread1(void *shared)
{
	struct harness_sb *s = shared;

	ck_pr_store_int(&y, 1);
	SB_FENCE();
	s->r1 = ck_pr_load_int(&x);
}

int main(void)
{
	struct harness_test t;
	int rc;

	harness_print_header("sb-needs-full-barrier (Concurrency Kit)",
			     REPRO_VARIANT);
#ifdef CK_MD_TSO
	printf("library:   Concurrency Kit <ck_pr.h>, built for TSO "
	       "(CK_MD_TSO)\n");
#else
	printf("library:   Concurrency Kit <ck_pr.h>, not built for TSO\n");
#endif
	printf("code:      T0: ck_pr_store_int(&x, 1); %s; "
	       "r0 = ck_pr_load_int(&y);  ||  T1: mirror\n",
	       SB_FENCE_NAME);
#ifdef FIXED
	harness_sb_test(&t, &sb, "SB+ck_pr_fence_memorys", thread0, thread1);
#else
	harness_sb_test(&t, &sb, "SB+ck_pr_fence_stores", thread0, thread1);
#endif
#ifdef FIXED
	rc = harness_sb_report(&t, true, "ck_pr_fence_memory() is mfence here");
#else
	rc = harness_sb_report(
		&t, false, "ck_pr_fence_store() is a compiler barrier here");
#endif
	return rc;
}
