// SPDX-License-Identifier: GPL-2.0
/*
 * pair-wrong-barrier, quiet: a try-lock guard in C11, the shape of
 * mimalloc's mi_arenas_try_purge() cut in two: an acquire load of the
 * expiry, then the guard's acq_rel compare-exchange; the holder takes the
 * guard in a for that runs its body once, stores the expiry with a
 * release and lets the guard go with a release. The load's acquire orders the compare-exchange after it: S
 * with a release and an acquire is forbidden (herd7, RC11: S+rel+acq),
 * whatever the RMW's own kind (it was judged as S+rmwacqrel+rmwacqrel,
 * allowed, and the message advised the acquire that is there).
 */
#include <stdatomic.h>
#include <stdbool.h>

// expect-no-diagnostics

#define guarded(g)                                                            \
	for (int once_ = 1, exp_ = 0;                                         \
	     once_ && atomic_compare_exchange_strong_explicit(                \
			      g, &exp_, 1, memory_order_acq_rel,              \
			      memory_order_acquire);                          \
	     atomic_store_explicit(g, 0, memory_order_release), once_ = 0)

static _Atomic long expire;
static _Atomic int guard;

/* the holder: takes the guard, stores the next expiry, lets it go */
void purge_now(long now, long delay)
{
	guarded(&guard)
	{
		atomic_store_explicit(&expire, now + delay,
				      memory_order_release);
	}
}

/* the one that checks first: the expiry, then the guard */
bool purge_due(long now)
{
	long e = atomic_load_explicit(&expire, memory_order_acquire);
	int exp = 0;

	if (e == 0 || e > now)
		return false;
	return atomic_compare_exchange_strong_explicit(
		&guard, &exp, 1, memory_order_acq_rel, memory_order_acquire);
}
