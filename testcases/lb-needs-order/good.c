// SPDX-License-Identifier: GPL-2.0
/*
 * Load buffering that is ordered on both sides (herd7 forbids the
 * outcome), or that nobody orders (no protocol is meant): quiet.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>
#include <stdatomic.h>

struct chan {
	int req;
	int ack;
	int a, b;
	int c, d;
	int e, f;
};

int chan_serve(struct chan *c)
{
	int r = READ_ONCE(c->req);

	smp_mb();
	WRITE_ONCE(c->ack, 1);
	return r;
}

/* a control dependency orders the store after the load (LKMM) */
int chan_client(struct chan *c)
{
	int a = READ_ONCE(c->ack);

	if (a)
		WRITE_ONCE(c->req, 1);
	return a;
}

/* acquire on one side, release on the other: LB+acquire+release forbidden */
int acq_side(struct chan *c)
{
	int r = smp_load_acquire(&c->a);

	WRITE_ONCE(c->b, 1);
	return r;
}

int rel_side(struct chan *c)
{
	int r = READ_ONCE(c->b);

	smp_store_release(&c->a, 1);
	return r;
}

/* neither side orders: no protocol is meant */
int none0(struct chan *c)
{
	int r = READ_ONCE(c->c);

	WRITE_ONCE(c->d, 1);
	return r;
}

int none1(struct chan *c)
{
	int r = READ_ONCE(c->d);

	WRITE_ONCE(c->c, 1);
	return r;
}

/* an address dependency orders the store through the pointer loaded */
struct node {
	int val;
};
struct node *lb_ptr;
int lb_flag;

void dep0(void)
{
	struct node *n = READ_ONCE(lb_ptr);

	WRITE_ONCE(n->val, 1);
}

/* C11 atomics: RC11 forbids every load-buffering outcome */
atomic_int cx, cy;

int c11_0(void)
{
	int r = atomic_load_explicit(&cx, memory_order_acquire);

	atomic_store_explicit(&cy, 1, memory_order_relaxed);
	return r;
}

int c11_1(void)
{
	int r = atomic_load_explicit(&cy, memory_order_relaxed);

	atomic_store_explicit(&cx, 1, memory_order_relaxed);
	return r;
}
