// SPDX-License-Identifier: GPL-2.0
/* addr-dep-plain-load: what must stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct conf {
	int a, b;
	struct list_head list;
};

struct conf *cur_conf;
struct conf *boot_conf;		/* never published: set once at init */
spinlock_t conf_lock;
LIST_HEAD(conf_list);

void set_conf(struct conf *c)
{
	c->a = 1;
	rcu_assign_pointer(cur_conf, c);
	list_add_rcu(&c->list, &conf_list);
}

/* the reader as Documentation/RCU/whatisRCU.rst writes it */
int good_rcu_reader(void)
{
	struct conf *c;
	int v;

	rcu_read_lock();
	c = rcu_dereference(cur_conf);
	v = c ? c->a : 0;
	rcu_read_unlock();
	return v;
}

/* the update side holds the lock: rcu_dereference_protected() is plain */
int good_updater(void)
{
	struct conf *c;
	int v;

	spin_lock(&conf_lock);
	c = rcu_dereference_protected(cur_conf, 1);
	v = c->b;
	spin_unlock(&conf_lock);
	return v;
}

/* the update side reading what it wrote itself, without the accessor */
void good_replace(struct conf *n)
{
	struct conf *old = cur_conf;

	n->b = old->b + 1;
	rcu_assign_pointer(cur_conf, n);
}

/* a pointer nothing publishes: plain loads are what it is written with */
int good_unpublished(void)
{
	return boot_conf->a;
}

/* list_for_each_entry_rcu(): rculist.h's own accessors */
int good_list_walk(void)
{
	struct conf *c;
	int sum = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(c, &conf_list, list)
		sum += c->a;
	rcu_read_unlock();
	return sum;
}

/* reading the pointer only to compare it: nothing is dereferenced */
bool good_is_current(struct conf *c)
{
	return cur_conf == c;
}
