// SPDX-License-Identifier: GPL-2.0
/*
 * A flag plain on one side, where the pair is nonetheless fine or not
 * lockless: quiet.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

void *kzalloc(unsigned long size, int flags);

struct req {
	int result;
	int done;
	spinlock_t lock;
};

void req_complete(struct req *r, int v)
{
	r->result = v;
	smp_store_release(&r->done, 1);
}

/* the reader tests the flag under the lock: the lock orders it */
int req_poll_locked(struct req *r)
{
	int v = -1;

	spin_lock(&r->lock);
	if (r->done)
		v = r->result;
	spin_unlock(&r->lock);
	return v;
}

/* a plain flag, but the reader orders its reads with smp_rmb() */
int req_poll_rmb(struct req *r)
{
	if (r->done) {
		smp_rmb();
		return r->result;
	}
	return -1;
}

/* the acquire is in the spin itself */
int req_wait(struct req *r)
{
	smp_cond_load_acquire(&r->done, VAL);
	return r->result;
}

/* a plain flag stored on both sides: a data race, not this pair's */
int req_poll_plain(struct req *r)
{
	return r->done;
}

/* initialisation of an object before its publication */
struct req *gp_req;

void req_new(int v)
{
	struct req *r = kzalloc(sizeof(*r), 0);

	r->result = v;
	r->done = 1;
	rcu_assign_pointer(gp_req, r);
}

int req_peek(void)
{
	struct req *r = rcu_dereference(gp_req);

	if (r && smp_load_acquire(&r->done))
		return r->result;
	return -1;
}

/* the writer initialises, then publishes: no allocation in sight */
struct req *gp_req2;

void req_init_publish(struct req *r, int v)
{
	r->result = v;
	r->done = 1;
	rcu_assign_pointer(gp_req2, r);
}

/* the updater reads the flag it writes: its own terms, not a reader's */
int req_update(struct req *r, int v)
{
	if (r->done)
		return r->result;
	r->result = v;
	smp_store_release(&r->done, 1);
	return v;
}

/* teardown: nobody else sees the object any more */
void req_cleanup(struct req *r)
{
	r->result = 0;
	r->done = 0;
}

/* the flag is a pointer: a plain read of it is addr-dep-*'s to judge */
struct box {
	int val;
	struct req *req;
};

void box_fill(struct box *b, struct req *r)
{
	b->val = 1;
	smp_store_release(&b->req, r);
}

int box_peek(struct box *b)
{
	if (b->req)
		return b->val;
	return 0;
}
