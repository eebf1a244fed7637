// SPDX-License-Identifier: GPL-2.0
/*
 * Callbacks run under the lock their callers hold: an ops table's
 * function called through its field, and a function handed to a walker
 * that calls it through its parameter (Linux 6.1's force_qs_rnp() calls
 * rcu_implicit_dynticks_qs() under rnp->lock). Every call that reaches
 * them holds the lock the reader holds: quiet.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct dev;

struct dev_ops {
	void (*update)(struct dev *d);
};

struct dev {
	spinlock_t lock;
	int data;
	int flag;
	const struct dev_ops *ops;
};

static void dev_update(struct dev *d)
{
	WRITE_ONCE(d->data, 1);
	WRITE_ONCE(d->flag, 1);
}

static const struct dev_ops dev_ops = {
	.update = dev_update,
};

void dev_kick(struct dev *d)
{
	spin_lock(&d->lock);
	d->ops->update(d);
	spin_unlock(&d->lock);
}

int dev_poll(struct dev *d)
{
	int v = -1;

	spin_lock(&d->lock);
	if (smp_load_acquire(&d->flag))
		v = READ_ONCE(d->data);
	spin_unlock(&d->lock);
	return v;
}

/* through a parameter */
struct node {
	spinlock_t lock;
	int qs;
	int done;
};

static void node_report(struct node *n)
{
	WRITE_ONCE(n->qs, 1);
	WRITE_ONCE(n->done, 1);
}

static void node_walk(struct node *n, void (*fn)(struct node *n))
{
	spin_lock(&n->lock);
	fn(n);
	spin_unlock(&n->lock);
}

void node_force(struct node *n)
{
	node_walk(n, node_report);
}

int node_check(struct node *n)
{
	int v = -1;

	spin_lock(&n->lock);
	if (smp_load_acquire(&n->done))
		v = READ_ONCE(n->qs);
	spin_unlock(&n->lock);
	return v;
}
