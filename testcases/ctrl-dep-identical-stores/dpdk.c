// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-identical-stores in DPDK: a control dependency from
 * rte_atomic32_read() orders a later rte_atomic32_set() only while the
 * store stays inside the branch; the same store in both legs is hoisted.
 */
#include <rte_atomic.h>

rte_atomic32_t ready, ack, seen;

/* bad: both legs store the same value to ack */
void poll_bad(void)
{
	if (rte_atomic32_read(&ready)) { // expect-note[ctrl-dep-identical-stores] {{the load the branch depends on}}
		rte_atomic32_set(&ack, 1); // expect-warning[ctrl-dep-identical-stores] {{both legs of the 'if' on rte_atomic32_read(&ready) start with the same store rte_atomic32_set(&ack, 1); the compiler may hoist it above the branch, where nothing orders it after the load; use __atomic_store_n(..., __ATOMIC_RELEASE) or store different values}}
		rte_atomic32_set(&seen, 1);
	} else {
		rte_atomic32_set(&ack, 1); // expect-note[ctrl-dep-identical-stores] {{the same store in the other leg}}
	}
}

/* good: only one leg stores */
void poll_good(void)
{
	if (rte_atomic32_read(&ready))
		rte_atomic32_set(&ack, 1);
}
