// SPDX-License-Identifier: GPL-2.0
/* ctrl-dep-unmarked-store: the ordered store is plain. */
#include <ordercheck/linux.h>

struct chan {
	int flag;
	int reply;
};

int consume(struct chan *c)
{
	return READ_ONCE(c->reply);
}

void reset(struct chan *c)
{
	WRITE_ONCE(c->reply, 0);
}

void bad_plain_store(struct chan *c)
{
	if (READ_ONCE(c->flag)) // expect-note {{the load the branch depends on}}
		c->reply = 1; // expect-warning[ctrl-dep-unmarked-store] {{plain store to 'chan.reply' is ordered after READ_ONCE(c->flag) only by the 'if'}}
}
