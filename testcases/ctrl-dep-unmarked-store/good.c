// SPDX-License-Identifier: GPL-2.0
/* ctrl-dep-unmarked-store: what must stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct chan {
	int flag;
	int reply;
	int local_count;
	spinlock_t lock;
};

int consume(struct chan *c)
{
	return READ_ONCE(c->reply);
}

void good_marked(struct chan *c)
{
	if (READ_ONCE(c->flag))
		WRITE_ONCE(c->reply, 1);
}

/* never marked: this file does not share it */
void good_private(struct chan *c)
{
	if (READ_ONCE(c->flag))
		c->local_count = 1;
}

void good_locked(struct chan *c)
{
	spin_lock(&c->lock);
	if (READ_ONCE(c->flag))
		c->reply = 2;
	spin_unlock(&c->lock);
}
