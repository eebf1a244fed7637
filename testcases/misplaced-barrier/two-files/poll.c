// SPDX-License-Identifier: GPL-2.0
/* the reader, in another file: as the documentation says */
#include "queue.h"
// expect-no-diagnostics

long evq_poll(struct evq *q)
{
	if (!READ_ONCE(q->posted))
		return -1;
	smp_rmb(); /* pairs with smp_wmb() in evq_post() */
	return q->ev;
}
