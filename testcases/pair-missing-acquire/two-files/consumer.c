// SPDX-License-Identifier: GPL-2.0
/* The reader side: the writer is in producer.c, the pairing finds it. */
#include "msgq.h"

int msgq_peek(struct msgq *q, int *len)
{
	int seq = READ_ONCE(q->seq); // expect-warning[pair-named-partner-unordered] {{msgq_peek() orders none of its accesses, but the comment beside smp_wmb() in msgq_post() says the two pair}} expect-note[pair-missing-acquire] {{msgq_peek() reads 'msgq.seq' here}}

	*len = READ_ONCE(q->len); // expect-warning[pair-missing-acquire] {{'msgq.len' is read after 'msgq.seq' with nothing ordering the two reads, but msgq_post() orders its stores to them with smp_wmb()}} expect-note[pair-missing-acquire] {{then reads 'msgq.len' here}}
	return seq;
}
