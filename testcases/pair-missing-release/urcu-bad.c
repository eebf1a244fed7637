// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release, liburcu 0.13: a release-less publish, the object
 * initialised and then its pointer stored with CMM_STORE_SHARED(), which
 * orders nothing, while the reader trusts rcu_dereference().
 */
#define _LGPL_SOURCE
#include <urcu.h>

struct conf {
	int limit;
};

struct conf *cur_conf;

void conf_set(struct conf *c)
{
	c->limit = 10; // expect-note[pair-missing-release] {{conf_set() stores 'conf.limit' here}}
	CMM_STORE_SHARED(cur_conf, c); // expect-warning[pair-missing-release] {{'cur_conf' is stored with CMM_STORE_SHARED() after 'conf.limit' with nothing ordering the two stores, but conf_limit() reads 'conf.limit' through the pointer it loads from 'cur_conf' and trusts an address dependency (rcu_dereference()) to order them: use rcu_assign_pointer() or}} expect-note[pair-missing-release] {{then stores 'cur_conf' here}}
}

int conf_limit(void)
{
	struct conf *c;
	int r = 0;

	rcu_read_lock();
	c = rcu_dereference(cur_conf); // expect-note[pair-missing-release] {{conf_limit() reads 'cur_conf' here}}
	if (c)
		r = c->limit; // expect-note[pair-missing-release] {{then reads 'conf.limit' here}}
	rcu_read_unlock();
	return r;
}
