// SPDX-License-Identifier: GPL-2.0
/*
 * Store buffering through a lock modifier: smp_mb__after_spinlock() makes
 * the lock before it a full barrier for every access before the lock
 * (try_to_wake_up()'s), smp_mb__after_unlock_lock() only for accesses
 * before an unlock and then a lock (RCU's raw_spin_lock_rcu_node()). With
 * no unlock before its lock, the lock is an acquire, and the store before
 * it can pass the load after it (tools/memory-model/linux-kernel.cat).
 */
#include <ordercheck/linux.h>

spinlock_t ml_lock, ml_lock2;
int ml_x, ml_y, sp_x, sp_y, ul_x, ul_y;

/* bad: no unlock before the lock the modifier follows */
int ml_locker(void)
{
	int r;

	WRITE_ONCE(ml_x, 1); // expect-note[sb-needs-full-barrier] {{ml_locker() stores 'ml_x' here}}
	spin_lock(&ml_lock);
	smp_mb__after_unlock_lock();
	r = READ_ONCE(ml_y); // expect-warning[sb-needs-full-barrier] {{the store to 'ml_x' and the load of 'ml_y' after it are not ordered, but ml_other() stores 'ml_y' and then loads 'ml_x' with smp_mb(): store buffering lets both loads miss both stores unless each side has smp_mb() between its store and its load}} expect-note[sb-needs-full-barrier] {{then loads 'ml_y' here}}
	spin_unlock(&ml_lock);
	return r;
}

int ml_other(void)
{
	WRITE_ONCE(ml_y, 1); // expect-warning[store-then-mb] {{WRITE_ONCE() directly followed by smp_mb()}} expect-note[sb-needs-full-barrier] {{ml_other() stores 'ml_y' here}}
	smp_mb(); // expect-note[sb-needs-full-barrier] {{ordered by smp_mb() here}} expect-note[store-then-mb] {{the full barrier is here; smp_store_mb() is one xchg on x86}}
	return READ_ONCE(ml_x); // expect-note[sb-needs-full-barrier] {{then loads 'ml_x' here}}
}

/* good: smp_mb__after_spinlock() orders the store before the lock */
int sp_locker(void)
{
	int r;

	WRITE_ONCE(sp_x, 1);
	spin_lock(&ml_lock);
	smp_mb__after_spinlock();
	r = READ_ONCE(sp_y);
	spin_unlock(&ml_lock);
	return r;
}

int sp_other(void)
{
	WRITE_ONCE(sp_y, 1); // expect-warning[store-then-mb] {{WRITE_ONCE() directly followed by smp_mb()}}
	smp_mb(); // expect-note[store-then-mb] {{the full barrier is here; smp_store_mb() is one xchg on x86}}
	return READ_ONCE(sp_x);
}

/* good: an unlock, a lock, then smp_mb__after_unlock_lock() */
int ul_locker(void)
{
	int r;

	spin_lock(&ml_lock);
	WRITE_ONCE(ul_x, 1);
	spin_unlock(&ml_lock);
	spin_lock(&ml_lock2);
	smp_mb__after_unlock_lock();
	r = READ_ONCE(ul_y);
	spin_unlock(&ml_lock2);
	return r;
}

int ul_other(void)
{
	WRITE_ONCE(ul_y, 1); // expect-warning[store-then-mb] {{WRITE_ONCE() directly followed by smp_mb()}}
	smp_mb(); // expect-note[store-then-mb] {{the full barrier is here; smp_store_mb() is one xchg on x86}}
	return READ_ONCE(ul_x);
}
