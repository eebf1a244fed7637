// SPDX-License-Identifier: GPL-2.0
/* Locks as ACQUIRE and RELEASE operations (memory-barriers.txt). */
#include <ordercheck/linux.h>

struct res {
	spinlock_t lock;
	raw_spinlock_t raw;
	rwlock_t rw;
	struct mutex mutex;
	struct semaphore sem;
	int val;
};

int locked(struct res *r)
{
	unsigned long flags;
	int v;

	spin_lock(&r->lock);
	r->val++;
	spin_unlock(&r->lock);
	spin_lock_irq(&r->lock);
	spin_unlock_irq(&r->lock);
	spin_lock_irqsave(&r->lock, flags);
	spin_unlock_irqrestore(&r->lock, flags);
	spin_lock_bh(&r->lock);
	spin_unlock_bh(&r->lock);
	raw_spin_lock(&r->raw);
	smp_mb__after_spinlock();
	raw_spin_unlock(&r->raw);
	read_lock(&r->rw);
	v = r->val;
	read_unlock(&r->rw);
	write_lock(&r->rw);
	write_unlock(&r->rw);
	mutex_lock(&r->mutex);
	mutex_unlock(&r->mutex);
	down(&r->sem);
	smp_mb__after_unlock_lock();
	up(&r->sem);
	return v;
}
