// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release, liburcu 0.13, good: rcu_assign_pointer(),
 * rcu_xchg_pointer() (fully ordered), and cmm_smp_wmb() before the store.
 */
#define _LGPL_SOURCE
#include <urcu.h>
// expect-no-diagnostics

struct conf {
	int limit;
};

struct conf *cur_conf;

void conf_set(struct conf *c)
{
	c->limit = 10;
	rcu_assign_pointer(cur_conf, c);
}

struct conf *conf_swap(struct conf *c)
{
	c->limit = 20;
	return rcu_xchg_pointer(&cur_conf, c);
}

void conf_set_wmb(struct conf *c)
{
	c->limit = 30;
	cmm_smp_wmb();
	CMM_STORE_SHARED(cur_conf, c);
}

int conf_limit(void)
{
	struct conf *c;
	int r = 0;

	rcu_read_lock();
	c = rcu_dereference(cur_conf);
	if (c)
		r = c->limit;
	rcu_read_unlock();
	return r;
}
