// SPDX-License-Identifier: GPL-2.0
/*
 * sb-needs-full-barrier in Concurrency Kit: store buffering with CK's
 * atomics. Linux's xchg() is fully ordered, so "xchg(); smp_mb();" has a
 * redundant barrier (mb-redundant-ordered-rmw) and "atomic_inc();
 * smp_mb();" wants smp_mb__after_atomic() (mb-after-atomic). CK's atomics
 * order nothing (ck_pr.h: "atomic read-modify-write operations are modeled
 * as stores"; man ck_pr_fence_atomic), so there the shape turns round: the
 * fence after the atomic is needed, and the bug is its absence. One side
 * of this Dekker-style handshake has ck_pr_fence_atomic_load() between its
 * ck_pr_fas_uint() and its load; the other trusts the fas to order them.
 */
#include <ck_pr.h>

unsigned int want0, want1;

/* bad: nothing orders the fas before the load */
int enter0(void)
{
	ck_pr_fas_uint(&want0, 1); // expect-note[sb-needs-full-barrier] {{enter0() stores 'want0' here}}
	ck_pr_fence_atomic_load(); // expect-note[sb-needs-full-barrier] {{ordered by ck_pr_fence_atomic_load() here}}
	return ck_pr_load_uint(&want1) == 0; // expect-note[sb-needs-full-barrier] {{then loads 'want1' here}}
}

int enter1(void)
{
	ck_pr_fas_uint(&want1, 1); // expect-note[sb-needs-full-barrier] {{enter1() stores 'want1' here}}
	return ck_pr_load_uint(&want0) == 0; // expect-warning[sb-needs-full-barrier] {{the store to 'want1' and the load of 'want0' after it are not ordered, but enter0() stores 'want0' and then loads 'want1' with ck_pr_fence_atomic_load(): store buffering lets both loads miss both stores unless each side has ck_pr_fence_memory() between its store and its load}} expect-note[sb-needs-full-barrier] {{then loads 'want0' here}}
}

/* good: both sides fence the atomic before the load */
unsigned int busy0, busy1;

int try0(void)
{
	ck_pr_fas_uint(&busy0, 1);
	ck_pr_fence_atomic_load();
	return ck_pr_load_uint(&busy1) == 0;
}

int try1(void)
{
	ck_pr_fas_uint(&busy1, 1);
	ck_pr_fence_memory();
	return ck_pr_load_uint(&busy0) == 0;
}
