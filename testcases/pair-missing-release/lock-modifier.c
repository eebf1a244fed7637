// SPDX-License-Identifier: GPL-2.0
/*
 * Message passing where the writer's only barrier is a lock modifier:
 * smp_mb__after_unlock_lock() is a full barrier for accesses before an
 * unlock then a lock (RCU's raw_spin_lock_rcu_node() after another
 * critical section), not for a store before a lone lock, which is an
 * acquire (tools/memory-model/linux-kernel.cat); smp_mb__after_spinlock()
 * is one for every access before its lock.
 */
#include <ordercheck/linux.h>

spinlock_t lm_lock;
int lm_d, lm_f, sp_d, sp_f;

void lm_writer(void)
{
	WRITE_ONCE(lm_d, 1); // expect-note[pair-missing-release] {{lm_writer() stores 'lm_d' here}}
	spin_lock(&lm_lock);
	smp_mb__after_unlock_lock();
	WRITE_ONCE(lm_f, 1); // expect-warning[pair-missing-release] {{'lm_f' is stored after 'lm_d' with nothing ordering the two stores, but lm_reader() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'lm_f' here}}
	spin_unlock(&lm_lock);
}

int lm_reader(void)
{
	if (smp_load_acquire(&lm_f)) // expect-note[pair-missing-release] {{lm_reader() reads 'lm_f' here}}
		return READ_ONCE(lm_d); // expect-note[pair-missing-release] {{then reads 'lm_d' here}}
	return 0;
}

/* good: the modifier that orders what precedes its lock */
void sp_writer(void)
{
	WRITE_ONCE(sp_d, 1);
	spin_lock(&lm_lock);
	smp_mb__after_spinlock();
	WRITE_ONCE(sp_f, 1);
	spin_unlock(&lm_lock);
}

int sp_reader(void)
{
	if (smp_load_acquire(&sp_f))
		return READ_ONCE(sp_d);
	return 0;
}
