// SPDX-License-Identifier: GPL-2.0
/* the writer, in its own file: the flag before the barrier */
#include "queue.h"

void evq_post(struct evq *q, long ev)
{
	WRITE_ONCE(q->posted, 1); // expect-warning[misplaced-barrier] {{'evq.posted' is stored before smp_wmb() and 'evq.ev' after it, but evq_poll() reads 'evq.posted' first}}
	smp_wmb(); /* pairs with smp_rmb() in evq_poll() */ // expect-note {{its "pairs with" comment names evq_poll()}}
	q->ev = ev; // expect-note[misplaced-barrier] {{then stores 'evq.ev' here}} expect-note@-1[misplaced-barrier] {{smp_wmb() here}}
}
