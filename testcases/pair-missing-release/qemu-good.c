// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release, QEMU, good: qatomic_rcu_set(),
 * qatomic_store_release(), smp_wmb() before qatomic_set(), and
 * qatomic_xchg() (seq_cst).
 */
#include <ordercheck/qemu.h>
// expect-no-diagnostics

struct conf {
	int limit;
};

struct conf *cur_conf;

void conf_set(struct conf *c)
{
	c->limit = 10;
	qatomic_rcu_set(&cur_conf, c);
}

void conf_set_release(struct conf *c)
{
	c->limit = 20;
	qatomic_store_release(&cur_conf, c);
}

void conf_set_wmb(struct conf *c)
{
	c->limit = 30;
	smp_wmb();
	qatomic_set(&cur_conf, c);
}

struct conf *conf_swap(struct conf *c)
{
	c->limit = 40;
	return qatomic_xchg(&cur_conf, c);
}

int conf_limit(void)
{
	struct conf *c;
	int r = 0;

	rcu_read_lock();
	c = qatomic_rcu_read(&cur_conf);
	if (c)
		r = c->limit;
	rcu_read_unlock();
	return r;
}
