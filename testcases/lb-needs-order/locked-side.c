// SPDX-License-Identifier: GPL-2.0
/*
 * Load buffering where one side is serialised by a lock and the other
 * takes none.
 */
#include <ordercheck/linux.h>

spinlock_t lb_lock;
int lb_x, lb_y;

void lb_locked(void)
{
	int r;

	spin_lock(&lb_lock);
	r = READ_ONCE(lb_x); // expect-note[lb-needs-order] {{lb_locked() loads 'lb_x' here}}
	WRITE_ONCE(lb_y, 1); // expect-warning[lb-needs-order] {{the load of 'lb_x' and the store to 'lb_y' after it are not ordered, but lb_lockless() loads 'lb_y' and then stores 'lb_x' with an acquire (smp_load_acquire()): load buffering lets each load read the other side's later store (herd7: LB+po+acquire is allowed)}} expect-note[lb-needs-order] {{then stores 'lb_y' here}}
	spin_unlock(&lb_lock);
	(void)r;
}

void lb_lockless(void)
{
	int r = smp_load_acquire(&lb_y); // expect-note[lb-needs-order] {{lb_lockless() loads 'lb_y' here}}

	WRITE_ONCE(lb_x, 1); // expect-note[lb-needs-order] {{then stores 'lb_x' here}}
	(void)r;
}
