// SPDX-License-Identifier: GPL-2.0
/*
 * A flag plain on both sides where nothing is missing, or where the pair
 * is not lockless: quiet.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

/* both sides fenced: smp_wmb() pairs with smp_rmb() */
struct ioc {
	int weights;
	int updated;
};

void ioc_commit(struct ioc *c, int w)
{
	c->weights = w;
	smp_wmb();
	c->updated = 1;
}

int ioc_read(struct ioc *c)
{
	if (c->updated) {
		smp_rmb();
		return c->weights;
	}
	return -1;
}

/* no fence on either side: a data race, no protocol to pair with */
struct st {
	int a;
	int b;
};

void st_set(struct st *s)
{
	s->a = 1;
	s->b = 1;
}

int st_get(struct st *s)
{
	if (s->b)
		return s->a;
	return 0;
}

/* the reader holds the lock the writer's callers hold */
struct tbl {
	int n;
	int valid;
	spinlock_t lock;
};

void tbl_set(struct tbl *t, int n)
{
	t->n = n;
	smp_wmb();
	t->valid = 1;
}

int tbl_get(struct tbl *t)
{
	int n = 0;

	spin_lock(&t->lock);
	if (t->valid)
		n = t->n;
	spin_unlock(&t->lock);
	return n;
}

/*
 * a full fence between two plain stores is there for something else (a
 * waker's store buffering: Linux 6.1's tcp_rcv_state_process() before
 * the state change): it shows no message passing protocol
 */
struct conn {
	int una;
	int marker;
};

void conn_established(struct conn *c)
{
	c->una = 1;
	smp_mb();
	c->marker = 1;
}

int conn_check(struct conn *c)
{
	if (c->marker)
		return c->una;
	return 0;
}
