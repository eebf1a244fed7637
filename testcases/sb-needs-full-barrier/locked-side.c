// SPDX-License-Identifier: GPL-2.0
/*
 * Store buffering where one side is serialised by a lock and the other
 * takes none: the lock and unlock around the store and the load order
 * nothing for a CPU that does not take the lock (an unlock then a lock
 * is not even a full barrier for a store before a load).
 */
#include <ordercheck/linux.h>

struct mutex sb_lock;
int sb_x, sb_y;

int sb_locked(void)
{
	int r;

	mutex_lock(&sb_lock);
	WRITE_ONCE(sb_x, 1); // expect-note[sb-needs-full-barrier] {{sb_locked() stores 'sb_x' here}}
	r = READ_ONCE(sb_y); // expect-warning[sb-needs-full-barrier] {{the store to 'sb_x' and the load of 'sb_y' after it are not ordered, but sb_lockless() stores 'sb_y' and then loads 'sb_x' with smp_mb(): store buffering lets both loads miss both stores unless each side has smp_mb() between its store and its load}} expect-note[sb-needs-full-barrier] {{then loads 'sb_y' here}}
	mutex_unlock(&sb_lock);
	return r;
}

int sb_lockless(void)
{
	WRITE_ONCE(sb_y, 1); // expect-warning[store-then-mb] {{WRITE_ONCE() directly followed by smp_mb()}} expect-note[sb-needs-full-barrier] {{sb_lockless() stores 'sb_y' here}}
	smp_mb(); // expect-note[sb-needs-full-barrier] {{ordered by smp_mb() here}} expect-note[store-then-mb] {{the full barrier is here; smp_store_mb() is one xchg on x86}}
	return READ_ONCE(sb_x); // expect-note[sb-needs-full-barrier] {{then loads 'sb_x' here}}
}
