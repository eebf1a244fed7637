// SPDX-License-Identifier: GPL-2.0
/* store-then-mb: WRITE_ONCE(x, v); smp_mb(); is smp_store_mb(x, v). */
#include <ordercheck/linux.h>

struct waiter {
	int state;
	int wakeup;
};

int bad_prepare(struct waiter *w)
{
	WRITE_ONCE(w->state, 1); // expect-warning[store-then-mb] {{use smp_store_mb(w->state, 1)}}
	smp_mb(); // expect-note {{the full barrier is here}}
	return READ_ONCE(w->wakeup);
}

int flag;

int bad_global(int v)
{
	WRITE_ONCE(flag, v + 1); // expect-warning[store-then-mb] {{smp_store_mb(flag, v + 1)}} expect-note@+2[store-then-mb] {{the full barrier is here; smp_store_mb() is one xchg on x86}}

	smp_mb();
	return READ_ONCE(flag);
}
