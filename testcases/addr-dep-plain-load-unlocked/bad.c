// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-plain-load-unlocked: a published pointer read with a plain
 * load and dereferenced by a function that takes no lock and no RCU read
 * lock, where nothing in the tree ever accesses the pointer under a lock:
 * the reader is lockless, whatever its caller does.
 */
#include <ordercheck/linux.h>

struct cfg {
	int level;
};

struct cfg *cur_cfg;

void cfg_install(struct cfg *c)
{
	c->level = 3;
	rcu_assign_pointer(cur_cfg, c); // expect-note[addr-dep-plain-load-unlocked] {{published here}}
}

int cfg_level(void)
{
	struct cfg *c = cur_cfg; // expect-warning[addr-dep-plain-load-unlocked] {{'cur_cfg' is published with rcu_assign_pointer() in cfg_install() but read here with a plain load, then dereferenced, and no access of it in the checked tree holds a lock: a lockless reader}}

	return c->level; // expect-note[addr-dep-plain-load-unlocked] {{dereferenced here}}
}

/* a release publication: the reader needs an acquire */
struct buf {
	int len;
};

struct ring {
	struct buf *head;
};

void ring_push(struct ring *r, struct buf *b)
{
	b->len = 64;
	smp_store_release(&r->head, b); // expect-note[addr-dep-plain-load-unlocked] {{published here}}
}

int ring_peek(struct ring *r)
{
	struct buf *b = r->head; // expect-warning[addr-dep-plain-load-unlocked] {{use smp_load_acquire()}}

	return b->len; // expect-note[addr-dep-plain-load-unlocked] {{dereferenced here}}
}
