// SPDX-License-Identifier: GPL-2.0
/*
 * r-needs-order: one side stores 'x' then 'y' in order, the other stores
 * 'y' then loads 'x' with nothing (or smp_wmb(), stores only) between:
 * the second side's store to 'y' can be the last while its load misses
 * the first side's 'x' (herd7, LKMM: R+wmb+po and R+release+wmb allowed).
 */
#include <ordercheck/linux.h>

int r_x, r_y;

void r_writer(void)
{
	WRITE_ONCE(r_x, 1); // expect-note[r-needs-order] {{r_writer() stores 'r_x' here}}
	smp_wmb(); // expect-note[r-needs-order] {{ordered by smp_wmb() here}}
	WRITE_ONCE(r_y, 1); // expect-note[r-needs-order] {{then stores 'r_y' here}}
}

int r_other(void)
{
	WRITE_ONCE(r_y, 2); // expect-note[r-needs-order] {{r_other() stores 'r_y' here}}
	return READ_ONCE(r_x); // expect-remark[r-needs-order] {{r_writer() stores 'r_x' and then 'r_y' with smp_wmb(), r_other() stores 'r_y' and then loads 'r_x' with nothing: r_other()'s store to 'r_y' can be the last while its load misses 'r_x' (herd7: R+wmb+po is allowed)}} expect-note[r-needs-order] {{then loads 'r_x' here}}
}

struct r_chan {
	int req;
	int ack;
};

void r_chan_post(struct r_chan *c)
{
	WRITE_ONCE(c->req, 1); // expect-note[r-needs-order] {{r_chan_post() stores 'r_chan.req' here}}
	smp_store_release(&c->ack, 1); // expect-note[r-needs-order] {{then stores 'r_chan.ack' here}}
}

int r_chan_poll(struct r_chan *c)
{
	WRITE_ONCE(c->ack, 2); // expect-note[r-needs-order] {{r_chan_poll() stores 'r_chan.ack' here}}
	smp_wmb(); // expect-remark[r-needs-order] {{r_chan_post() stores 'r_chan.req' and then 'r_chan.ack' with a release (smp_store_release()), r_chan_poll() stores 'r_chan.ack' and then loads 'r_chan.req' with smp_wmb(): r_chan_poll()'s store to 'r_chan.ack' can be the last while its load misses 'r_chan.req' (herd7: R+release+wmb is allowed)}} expect-note[r-needs-order] {{smp_wmb() here, which does not order them}}
	return READ_ONCE(c->req); // expect-note[r-needs-order] {{then loads 'r_chan.req' here}}
}
