// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release, QEMU: a release-less publish, qatomic_set() of
 * the pointer after initialising the object, read with
 * qatomic_rcu_read().
 */
#include <ordercheck/qemu.h>

struct conf {
	int limit;
};

struct conf *cur_conf;

void conf_set(struct conf *c)
{
	c->limit = 10; // expect-note[pair-missing-release] {{conf_set() stores 'conf.limit' here}}
	qatomic_set(&cur_conf, c); // expect-warning[pair-missing-release] {{'cur_conf' is stored with qatomic_set() after 'conf.limit' with nothing ordering the two stores, but conf_limit() reads 'conf.limit' through the pointer it loads from 'cur_conf' and trusts an address dependency (qatomic_rcu_read()) to order them: use qatomic_rcu_set() or qatomic_store_release() for 'cur_conf'}} expect-note[pair-missing-release] {{then stores 'cur_conf' here}}
}

int conf_limit(void)
{
	struct conf *c;
	int r = 0;

	rcu_read_lock();
	c = qatomic_rcu_read(&cur_conf); // expect-note[pair-missing-release] {{conf_limit() reads 'cur_conf' here}}
	if (c)
		r = c->limit; // expect-note[pair-missing-release] {{then reads 'conf.limit' here}}
	rcu_read_unlock();
	return r;
}
