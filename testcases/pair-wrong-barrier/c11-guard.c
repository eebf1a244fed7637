// SPDX-License-Identifier: GPL-2.0
/*
 * pair-wrong-barrier: c11-guard-good.c with the expiry loaded relaxed and
 * the holder marking the guard with a store, not a compare-exchange. Then
 * nothing orders the checker's load before its compare-exchange against
 * the holder: S+rel+rmwacqrel is allowed (herd7, RC11), and the acquire
 * on the load is the fix. (With the holder's compare-exchange, as in the
 * good case, the RMWs on the guard read from each other and order the
 * two sides even with the load relaxed: herd7 forbids it.)
 */
#include <stdatomic.h>
#include <stdbool.h>

static _Atomic long expire;
static _Atomic int guard;

/* the holder: marks the guard, then stores the next expiry */
void purge_now(long now, long delay)
{
	atomic_store_explicit(&guard, 1, memory_order_relaxed); // expect-note[pair-wrong-barrier] {{purge_now() stores 'guard' here}}
	atomic_store_explicit(&expire, now + delay, memory_order_release); // expect-note[pair-wrong-barrier] {{then stores 'expire' here}}
}

/* the one that checks first: the expiry, then the guard */
bool purge_due(long now)
{
	long e = atomic_load_explicit(&expire, memory_order_relaxed); // expect-note[pair-wrong-barrier] {{purge_due() reads 'expire' here}}
	int exp = 0;

	if (e == 0 || e > now)
		return false;
	return atomic_compare_exchange_strong_explicit( // expect-warning[pair-wrong-barrier] {{a release (atomic_compare_exchange_strong_explicit()) does not order the load and the store of 'expire' and 'guard' that purge_now() writes in the other order (herd7: S+rel+rmwacqrel is allowed): use memory_order_acquire on the load of 'expire'}} expect-note[pair-wrong-barrier] {{then stores 'guard' here}}
		&guard, &exp, 1, memory_order_acq_rel, memory_order_acquire);
}
