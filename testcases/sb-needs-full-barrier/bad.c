// SPDX-License-Identifier: GPL-2.0
/*
 * sb-needs-full-barrier: a store then a load on each side (store
 * buffering, Dekker): each side needs smp_mb() between them.
 */
#include <ordercheck/linux.h>

struct waitq {
	int waiters;
	int cond;
};

/* the waker orders its store before its load ... */
int wq_wake(struct waitq *q)
{
	smp_store_mb(q->cond, 1); // expect-note[sb-needs-full-barrier] {{wq_wake() stores 'waitq.cond' here}} expect-note[sb-needs-full-barrier] {{ordered by smp_store_mb() here}}
	return READ_ONCE(q->waiters); // expect-note[sb-needs-full-barrier] {{then loads 'waitq.waiters' here}}
}

/* ... the waiter does not, and can sleep forever */
int wq_wait(struct waitq *q)
{
	WRITE_ONCE(q->waiters, 1); // expect-note[sb-needs-full-barrier] {{wq_wait() stores 'waitq.waiters' here}}
	return READ_ONCE(q->cond); // expect-warning[sb-needs-full-barrier] {{the store to 'waitq.waiters' and the load of 'waitq.cond' after it are not ordered, but wq_wake() stores 'waitq.cond' and then loads 'waitq.waiters' with smp_store_mb()}} expect-note[sb-needs-full-barrier] {{then loads 'waitq.cond' here}}
}

/* the half-fixed Dekker lock, over globals */
int flag0, flag1;

void enter0(void)
{
	smp_store_mb(flag0, 1); // expect-note[sb-needs-full-barrier] {{enter0() stores 'flag0' here}} expect-note[sb-needs-full-barrier] {{ordered by smp_store_mb() here}}
	while (READ_ONCE(flag1)) // expect-note[sb-needs-full-barrier] {{then loads 'flag1' here}}
		;
}

void enter1(void)
{
	WRITE_ONCE(flag1, 1); // expect-note[sb-needs-full-barrier] {{enter1() stores 'flag1' here}}
	while (READ_ONCE(flag0)) // expect-warning[sb-needs-full-barrier] {{store buffering lets both loads miss both stores}} expect-note[sb-needs-full-barrier] {{then loads 'flag0' here}}
		;
}
