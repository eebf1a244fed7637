// SPDX-License-Identifier: GPL-2.0
/* store-then-mb: what must stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct waiter {
	int state;
	int wakeup;
};

/* set_current_state() in include/linux/sched.h is this */
int good_store_mb(struct waiter *w)
{
	smp_store_mb(w->state, 1);
	return READ_ONCE(w->wakeup);
}

/* a write barrier is not what smp_store_mb() gives */
void good_wmb(struct waiter *w)
{
	WRITE_ONCE(w->state, 1);
	smp_wmb();
	WRITE_ONCE(w->wakeup, 1);
}

/* good_wmb()'s partner */
int good_wmb_reader(struct waiter *w)
{
	if (!READ_ONCE(w->wakeup))
		return 0;
	smp_rmb();
	return READ_ONCE(w->state);
}

/* mb() also orders MMIO */
void good_mandatory(struct waiter *w)
{
	WRITE_ONCE(w->state, 1);
	mb();
}

/* the store is in a branch: smp_store_mb() would move the barrier in */
int good_branch(struct waiter *w, int c)
{
	if (c)
		WRITE_ONCE(w->state, 1);
	smp_mb();
	return READ_ONCE(w->wakeup);
}

/* a plain store: smp_store_mb() would also change it to a marked one */
int good_plain(struct waiter *w)
{
	w->state = 1;
	smp_mb();
	return READ_ONCE(w->wakeup);
}
