// SPDX-License-Identifier: GPL-2.0
/*
 * A leg that unlocks and leaves (return, continue, goto) leaves the lock
 * held after the branch: Linux 6.1's force_qs_rnp() drops rnp->lock and
 * continues when a node has nothing to do, and calls on under the lock
 * otherwise. Both sides hold the lock at their accesses: quiet.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct node {
	spinlock_t lock;
	int mask;
	int seq;
	int done;
};

void node_report(struct node *n)
{
	spin_lock(&n->lock);
	WRITE_ONCE(n->seq, 1);
	WRITE_ONCE(n->done, 1);
	spin_unlock(&n->lock);
}

int node_scan(struct node *v, int nr)
{
	int i, r = 0;

	for (i = 0; i < nr; i++) {
		struct node *n = &v[i];

		spin_lock(&n->lock);
		if (!n->mask) {
			spin_unlock(&n->lock);
			continue;
		}
		if (smp_load_acquire(&n->done))
			r += READ_ONCE(n->seq);
		spin_unlock(&n->lock);
	}
	return r;
}

int node_peek(struct node *n)
{
	int r = 0;

	spin_lock(&n->lock);
	if (!n->mask)
		goto out;
	if (READ_ONCE(n->done))
		r = READ_ONCE(n->seq);
out:
	spin_unlock(&n->lock);
	return r;
}
