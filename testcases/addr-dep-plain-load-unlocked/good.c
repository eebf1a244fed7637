// SPDX-License-Identifier: GPL-2.0
/*
 * Plain reads of published pointers that a lock may protect, or that are
 * marked, or that are no lockless reads at all: quiet.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

void *kzalloc(unsigned long size, int flags);

struct cfg {
	int level;
	struct cfg *next;
};

/* the updater publishes under a lock: a reader may hold it too */
spinlock_t cfg_lock;
struct cfg *locked_cfg;

void locked_install(struct cfg *c)
{
	c->level = 3;
	spin_lock(&cfg_lock);
	rcu_assign_pointer(locked_cfg, c);
	spin_unlock(&cfg_lock);
}

int locked_level(void)
{
	struct cfg *c = locked_cfg;

	return c->level;
}

/* another reader takes the lock: the pointer is lock-protected there */
struct cfg *mixed_cfg;

void mixed_install(struct cfg *c)
{
	c->level = 3;
	rcu_assign_pointer(mixed_cfg, c);
}

int mixed_level_locked(void)
{
	int v;

	spin_lock(&cfg_lock);
	v = mixed_cfg->level;
	spin_unlock(&cfg_lock);
	return v;
}

int mixed_level(void)
{
	struct cfg *c = mixed_cfg;

	return c->level;
}

/* marked readers */
struct cfg *cur_cfg;

void cfg_install(struct cfg *c)
{
	c->level = 3;
	rcu_assign_pointer(cur_cfg, c);
}

int cfg_level_rcu(void)
{
	struct cfg *c;
	int v;

	rcu_read_lock();
	c = rcu_dereference(cur_cfg);
	v = c->level;
	rcu_read_unlock();
	return v;
}

/* the updater itself reads what it stores */
void cfg_replace(struct cfg *n)
{
	struct cfg *old = cur_cfg;

	n->level = old->level;
	rcu_assign_pointer(cur_cfg, n);
}

/* a seqcount reader relies on its retry loop */
seqcount_t cfg_seq;

int cfg_level_seq(void)
{
	unsigned s;
	int v;

	do {
		s = read_seqcount_begin(&cfg_seq);
		v = cur_cfg->level;
	} while (read_seqcount_retry(&cfg_seq, s));
	return v;
}

/* initialisation: the object was just allocated, nobody else sees it */
int cfg_clone_level(void)
{
	struct cfg *c = kzalloc(sizeof(*c), 0);

	c->next = NULL;
	return c->next ? c->next->level : 0;
}

/* a local pointer */
int local_level(struct cfg *arg)
{
	struct cfg *p = arg;

	return p->level;
}

/* a pointer nobody publishes */
struct cfg *static_cfg;

int static_level(void)
{
	return static_cfg->level;
}

/* the publisher says a lock is held: its caller takes it */
struct cfg *held_cfg;
spinlock_t held_lock;

void held_install(struct cfg *c)
{
	lockdep_assert_held(&held_lock);
	c->level = 3;
	rcu_assign_pointer(held_cfg, c);
}

int held_level(void)
{
	struct cfg *c = held_cfg;

	return c->level;
}

/* teardown after a grace period: nobody else reaches it */
void cfg_free_all(void)
{
	struct cfg *c = cur_cfg;

	c->level = 0;
}
