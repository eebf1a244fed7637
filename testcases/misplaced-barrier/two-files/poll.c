// SPDX-License-Identifier: GPL-2.0
/* the reader, in another file: as the documentation says */
#include "queue.h"

long evq_poll(struct evq *q)
{
	if (!READ_ONCE(q->posted))
		return -1;
	smp_rmb(); /* pairs with smp_wmb() in evq_post() */
	return q->ev; // expect-note[misplaced-barrier] {{then reads 'evq.ev' here}} expect-note@-1[misplaced-barrier] {{ordered by smp_rmb() here}} expect-note@-3[misplaced-barrier] {{evq_poll() reads 'evq.posted' here}}
}
