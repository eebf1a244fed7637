// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-plain-load, DPDK: a plain re-read of a pointer that an acquire
 * load of the same object's field read on every path before it orders as
 * that load does (rte_mcslock_unlock() as Debian's 22.11 ships it, "Load
 * me->next with acquire semantics"); with the relaxed loads of DPDK 22.11
 * as released, the re-read is the successor's pointer unordered.
 */
#include <rte_pause.h>
#include <stdint.h>

struct mcs {
	struct mcs *next;
	int locked;
};

void mcs_lock(struct mcs **msl, struct mcs *me)
{
	struct mcs *prev;

	/* the node's initialisation is the caller's here */
	prev = __atomic_exchange_n(msl, me, __ATOMIC_ACQ_REL);
	if (prev == NULL)
		return;
	__atomic_store_n(&prev->next, me, __ATOMIC_RELEASE); // expect-note {{published here}} expect-note[addr-dep-plain-load] {{published here}}
	rte_wait_until_equal_32((uint32_t *)&me->locked, 0, __ATOMIC_ACQUIRE);
}

void good_unlock(struct mcs **msl, struct mcs *me)
{
	if (__atomic_load_n(&me->next, __ATOMIC_ACQUIRE) == NULL) {
		struct mcs *save_me = me;

		if (__atomic_compare_exchange_n(msl, &save_me, NULL, 0,
						__ATOMIC_RELEASE,
						__ATOMIC_RELAXED))
			return;
		while (__atomic_load_n(&me->next, __ATOMIC_ACQUIRE) == NULL)
			rte_pause();
	}
	__atomic_store_n(&me->next->locked, 0, __ATOMIC_RELEASE);
}

void bad_unlock_relaxed(struct mcs **msl, struct mcs *me)
{
	if (__atomic_load_n(&me->next, __ATOMIC_RELAXED) == NULL) { // expect-note {{the same function reads it with a marked load here}}
		struct mcs *save_me = me;

		if (__atomic_compare_exchange_n(msl, &save_me, NULL, 0,
						__ATOMIC_RELEASE,
						__ATOMIC_RELAXED))
			return;
		while (__atomic_load_n(&me->next, __ATOMIC_RELAXED) == NULL)
			rte_pause();
	}
	__atomic_store_n(&me->next->locked, 0, __ATOMIC_RELEASE); // expect-warning[addr-dep-plain-load] {{read here with a plain load}} expect-note {{dereferenced here}}
}

/* the acquire in the 'if', a relaxed wait in its leg: the re-read may
 * be the value the relaxed load saw */
void bad_unlock_relaxed_wait(struct mcs **msl, struct mcs *me)
{
	if (__atomic_load_n(&me->next, __ATOMIC_ACQUIRE) == NULL) { // expect-note[addr-dep-plain-load] {{the same function reads it with a marked load here}}
		struct mcs *save_me = me;

		if (__atomic_compare_exchange_n(msl, &save_me, NULL, 0,
						__ATOMIC_RELEASE,
						__ATOMIC_RELAXED))
			return;
		while (__atomic_load_n(&me->next, __ATOMIC_RELAXED) == NULL)
			rte_pause();
	}
	__atomic_store_n(&me->next->locked, 0, __ATOMIC_RELEASE); // expect-warning[addr-dep-plain-load] {{read here with a plain load}} expect-note {{dereferenced here}}
}
