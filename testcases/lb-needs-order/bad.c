// SPDX-License-Identifier: GPL-2.0
/*
 * lb-needs-order: a load then a store on each side (load buffering); one
 * side orders its load before its store, the other does not, so each load
 * may read the other side's later store (herd7, LKMM: LB+po+mb allowed).
 */
#include <ordercheck/linux.h>

struct chan {
	int req;
	int ack;
};

/* the server orders its load of the request before its ack ... */
int chan_serve(struct chan *c)
{
	int r = READ_ONCE(c->req); // expect-note[lb-needs-order] {{chan_serve() loads 'chan.req' here}}

	smp_mb(); // expect-note[lb-needs-order] {{ordered by smp_mb() here}}
	WRITE_ONCE(c->ack, 1); // expect-note[lb-needs-order] {{then stores 'chan.ack' here}}
	return r;
}

/* ... the client does not: it may see the ack of a request not yet made */
int chan_client(struct chan *c)
{
	int a = READ_ONCE(c->ack); // expect-note[lb-needs-order] {{chan_client() loads 'chan.ack' here}}

	WRITE_ONCE(c->req, 1); // expect-warning[lb-needs-order] {{the load of 'chan.ack' and the store to 'chan.req' after it are not ordered, but chan_serve() loads 'chan.req' and then stores 'chan.ack' with smp_mb(): load buffering lets each load read the other side's later store (herd7: LB+po+mb is allowed)}} expect-note[lb-needs-order] {{then stores 'chan.req' here}}
	return a;
}

/* over globals: a release on one side, smp_wmb() (stores only) on the other */
int lb_x, lb_y;

int lb_p0(void)
{
	int r = READ_ONCE(lb_x); // expect-note[lb-needs-order] {{lb_p0() loads 'lb_x' here}}

	smp_store_release(&lb_y, 1); // expect-note[lb-needs-order] {{then stores 'lb_y' here}}
	return r;
}

int lb_p1(void)
{
	int r = READ_ONCE(lb_y); // expect-note[lb-needs-order] {{lb_p1() loads 'lb_y' here}}

	smp_wmb(); // expect-warning[lb-needs-order] {{smp_wmb() does not order the load of 'lb_y' before the store to 'lb_x'; with lb_p0() doing the same the other way round (load buffering), each load can read the other side's later store (herd7: LB+wmb+release is allowed)}} expect-note[lb-needs-order] {{smp_wmb() here, which does not order them}}
	WRITE_ONCE(lb_x, 1); // expect-note[lb-needs-order] {{then stores 'lb_x' here}}
	return r;
}
