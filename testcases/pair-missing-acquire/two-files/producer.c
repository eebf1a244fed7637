// SPDX-License-Identifier: GPL-2.0
/* The writer side, in its own translation unit. */
#include "msgq.h"
// expect-no-diagnostics

void msgq_post(struct msgq *q, int len)
{
	WRITE_ONCE(q->len, len);
	smp_wmb(); /* pairs with msgq_peek() */
	WRITE_ONCE(q->seq, q->seq + 1);
}
