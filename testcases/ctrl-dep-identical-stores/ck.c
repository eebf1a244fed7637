// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-identical-stores in Concurrency Kit: a control dependency from
 * ck_pr_load_int() orders a later ck_pr_store_int() only while the store
 * stays inside the branch; the same store in both legs is hoisted above it.
 */
#include <ck_pr.h>

int ready, ack, seen;

/* bad: both legs store the same value to ack */
void poll_bad(void)
{
	if (ck_pr_load_int(&ready)) { // expect-note[ctrl-dep-identical-stores] {{the load the branch depends on}}
		ck_pr_store_int(&ack, 1); // expect-warning[ctrl-dep-identical-stores] {{both legs of the 'if' on ck_pr_load_int(&ready) start with the same store ck_pr_store_int(&ack, 1); the compiler may hoist it above the branch, where nothing orders it after the load; use ck_pr_fence_release() then ck_pr_store_*() or store different values}}
		ck_pr_store_int(&seen, 1);
	} else {
		ck_pr_store_int(&ack, 1); // expect-note[ctrl-dep-identical-stores] {{the same store in the other leg}}
	}
}

/* good: only one leg stores */
void poll_good(void)
{
	if (ck_pr_load_int(&ready))
		ck_pr_store_int(&ack, 1);
}
