// SPDX-License-Identifier: GPL-2.0
/* The writer side, in its own translation unit. */
#include "msgq.h"

void msgq_post(struct msgq *q, int len)
{
	WRITE_ONCE(q->len, len);
	smp_wmb(); /* pairs with msgq_peek() */
	WRITE_ONCE(q->seq, q->seq + 1); // expect-note[pair-missing-acquire] {{then stores 'msgq.seq' here}} expect-note@-1[pair-missing-acquire] {{ordered by smp_wmb() here}} expect-note@-2[pair-missing-acquire] {{msgq_post() stores 'msgq.len' here}} expect-note@-1[pair-named-partner-unordered] {{smp_wmb() here: "pairs with msgq_peek()"}}
} //
