// SPDX-License-Identifier: GPL-2.0
/*
 * pair-wrong-barrier: an unlock and a lock of one lock between a store
 * and a load order everything but that (LKMM's po-unlock-lock-po): a side
 * whose store and load are in two critical sections is still a weak side
 * of store buffering. Near miss of pair-missing-release/unlock-lock-good.c.
 */
#include <ordercheck/linux.h>

struct chan {
	spinlock_t lock;
	int sleeping;
	int ready;
};

int chan_wake(struct chan *c)
{
	smp_store_mb(c->ready, 1); // expect-note[pair-wrong-barrier] {{chan_wake() stores 'chan.ready' here}} expect-note[pair-wrong-barrier] {{ordered by smp_store_mb() here}}
	return READ_ONCE(c->sleeping); // expect-note[pair-wrong-barrier] {{then loads 'chan.sleeping' here}}
}

int chan_sleep(struct chan *c)
{
	int r;

	spin_lock(&c->lock);
	WRITE_ONCE(c->sleeping, 1); // expect-note[pair-wrong-barrier] {{chan_sleep() stores 'chan.sleeping' here}}
	spin_unlock(&c->lock);
	spin_lock(&c->lock); // expect-warning[pair-wrong-barrier] {{an unlock and a lock (spin_lock()) does not order the store to 'chan.sleeping' before the load of 'chan.ready'}} expect-note[pair-wrong-barrier] {{an unlock and a lock (spin_lock()) here, which does not order them}}
	r = READ_ONCE(c->ready); // expect-note[pair-wrong-barrier] {{then loads 'chan.ready' here}}
	spin_unlock(&c->lock);
	return r;
}

/*
 * Good: smp_mb() in the second critical section orders the store before
 * the load; the unlock and lock before it are not the last word.
 */
struct chan2 {
	spinlock_t lock;
	int sleeping;
	int ready;
};

int chan2_wake(struct chan2 *c)
{
	smp_store_mb(c->ready, 1);
	return READ_ONCE(c->sleeping);
}

int chan2_sleep(struct chan2 *c)
{
	int r;

	spin_lock(&c->lock);
	WRITE_ONCE(c->sleeping, 1);
	spin_unlock(&c->lock);
	spin_lock(&c->lock);
	smp_mb();
	r = READ_ONCE(c->ready);
	spin_unlock(&c->lock);
	return r;
}
