// SPDX-License-Identifier: GPL-2.0
/*
 * pair-compiler-barrier: barrier() beside a comment that pairs it with
 * another CPU's barrier: the CPU barrier it describes is not there.
 */
#include <ordercheck/linux.h>

struct ioc {
	atomic_t gen;
	int weight;
};

void commit_weights(struct ioc *ioc, int w)
{
	WRITE_ONCE(ioc->weight, w);
	/* paired with rmb in current_weight(), see there */
	barrier(); // expect-warning[pair-compiler-barrier] {{orders only the compiler, but the comment beside it pairs it with another CPU's barrier ("paired with rmb in current_weight(), see there}}
	atomic_inc(&ioc->gen);
}

int current_weight(struct ioc *ioc)
{
	int gen = atomic_read(&ioc->gen);

	/* Paired with smp_wmb() in commit_weights(). */
	barrier(); // expect-warning[pair-compiler-barrier] {{use smp_rmb()}}
	return READ_ONCE(ioc->weight) + gen;
}

struct q {
	unsigned long state;
	int work;
};

void q_kick(struct q *q)
{
	clear_bit(0, &q->state);
	/*
	 * Pairs with the smp_mb() in q_stopped() to order the clearing of
	 * the bit above and the check of the work below.
	 */
	barrier(); // expect-warning[pair-compiler-barrier] {{use smp_mb()}}
	if (READ_ONCE(q->work))
		WRITE_ONCE(q->work, 0);
}
