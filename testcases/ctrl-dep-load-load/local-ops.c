// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-load-load through local_t counters: each is keyed by the
 * field that holds it, so two counters of one struct are two locations
 * (not both 'local_t.a', the wrapper's member every local_t shares), and
 * counters of unrelated structs never meet (arch/x86/events/msr.c's
 * local64_t prev_count was paired with bts.c's local_t data_size).
 */
#include <ordercheck/linux.h>

struct lbuf {
	local_t data;
	local_t ready;
};

/* the owner CPU fills its buffer, then says so */
void lbuf_fill(struct lbuf *b, long v)
{
	local_set(&b->data, v);
	smp_wmb(); // expect-note {{the writer orders them here}}
	local_set(&b->ready, 1);
}

/* a remote reader, which local_ops.rst says sees the owner's writes out of order */
long lbuf_peek(struct lbuf *b)
{
	long v = -1;

	if (local_read(&b->ready)) // expect-note {{'lbuf_fill()' writes 'lbuf.data' before 'lbuf.ready' with smp_wmb()}}
		v = local_read(&b->data); // expect-warning[ctrl-dep-load-load] {{local_read(&b->data) in the 'if' on local_read(&b->ready) is not ordered after it}}
	return v;
}

long lbuf_peek_ordered(struct lbuf *b)
{
	if (local_read(&b->ready)) {
		smp_rmb();
		return local_read(&b->data);
	}
	return -1;
}

/* unrelated counters: nothing pairs them with struct lbuf's */
struct hw_counter {
	local64_t prev_count;
	local64_t count;
};

void hw_counter_update(struct hw_counter *c, long now)
{
	long prev = local64_read(&c->prev_count);

	local64_add(now - prev, &c->count);
}
