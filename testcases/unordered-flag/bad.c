// SPDX-License-Identifier: GPL-2.0
/*
 * unordered-flag: both sides mark the flag, the writer stores data before
 * it, the reader reads the data after testing it, and neither orders.
 */
#include <ordercheck/linux.h>

/* a spin-wait on the flag: strong evidence, a warning */
struct handoff {
	int payload;
	int done;
};

void handoff_give(struct handoff *h, int v)
{
	h->payload = v; // expect-note[unordered-flag] {{handoff_give() stores 'handoff.payload' here}}
	WRITE_ONCE(h->done, 1); // expect-warning[unordered-flag] {{'handoff.done' is stored after 'handoff.payload' and handoff_take() reads 'handoff.payload' after spinning on 'handoff.done', but neither side orders its accesses: the reader can see the new 'handoff.done' and the old 'handoff.payload'; use smp_store_release() here and smp_load_acquire() in handoff_take()}}
}

int handoff_take(struct handoff *h)
{
	while (!READ_ONCE(h->done)) // expect-note[unordered-flag] {{handoff_take() spins on 'handoff.done' here}} expect-note[ctrl-dep-load-load] {{'handoff.done' and 'handoff.payload' are in the same struct}}
		cpu_relax();
	return h->payload; // expect-warning[ctrl-dep-load-load] {{after the spin-wait}} expect-note[unordered-flag] {{then reads 'handoff.payload' here}}
}

/* a comment says the flag orders: a warning */
struct req {
	long arg;
	int valid;
};

void req_fill(struct req *r, long arg)
{
	r->arg = arg; // expect-note[unordered-flag] {{req_fill() stores 'req.arg' here}}
	/* the reader checks valid before it looks at arg: order matters */
	WRITE_ONCE(r->valid, 1); // expect-warning[unordered-flag] {{'req.valid' is stored after 'req.arg' and req_use() reads 'req.arg' after testing 'req.valid'}} expect-note[unordered-flag] {{a comment beside the flag speaks of ordering}}
}

long req_use(struct req *r)
{
	if (READ_ONCE(r->valid)) // expect-note[unordered-flag] {{req_use() tests 'req.valid' here}}
		return r->arg; // expect-note[unordered-flag] {{then reads 'req.arg' here}}
	return 0;
}

/* no evidence beyond the marking: a remark */
struct stats {
	long total;
	int ready;
};

void stats_publish(struct stats *s, long t)
{
	WRITE_ONCE(s->total, t); // expect-note[unordered-flag] {{stats_publish() stores 'stats.total' here}}
	WRITE_ONCE(s->ready, 1); // expect-remark[unordered-flag] {{'stats.ready' is stored after 'stats.total' and stats_show() reads 'stats.total' after testing 'stats.ready'}}
}

long stats_show(struct stats *s)
{
	if (READ_ONCE(s->ready)) // expect-note[unordered-flag] {{stats_show() tests 'stats.ready' here}}
		return READ_ONCE(s->total); // expect-note[unordered-flag] {{then reads 'stats.total' here}}
	return -1;
}
