// SPDX-License-Identifier: GPL-2.0
/* ctrl-dep-unmarked-head: what must stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct ring {
	int head;
	int ready;
	int counter;
	struct ring *next;
	spinlock_t lock;
};

void writer(struct ring *r)
{
	WRITE_ONCE(r->head, 1);
	WRITE_ONCE(r->next, r);
}

void good_marked(struct ring *r)
{
	if (READ_ONCE(r->head))
		WRITE_ONCE(r->ready, 1);
}

/* the RCU updater idiom: plain reads under the lock, WRITE_ONCE for readers */
void good_under_lock(struct ring *r)
{
	spin_lock(&r->lock);
	if (r->head)
		WRITE_ONCE(r->ready, 1);
	spin_unlock(&r->lock);
}

/* a NULL test guards a dereference; it is not a control dependency */
void good_null_test(struct ring *r)
{
	struct ring *n = r->next;

	if (n)
		WRITE_ONCE(n->ready, 1);
}

/* never marked anywhere: not shared, as far as this file says */
void good_unshared(struct ring *r)
{
	if (r->counter)
		WRITE_ONCE(r->ready, 2);
}
