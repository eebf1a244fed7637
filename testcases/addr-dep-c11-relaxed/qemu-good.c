// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-c11-relaxed, QEMU, good: qatomic_rcu_read(), or an acquire.
 */
#include <ordercheck/qemu.h>
// expect-no-diagnostics

struct cfg {
	int limit;
};

struct cfg *cur;

void cfg_set(struct cfg *c)
{
	c->limit = 10;
	qatomic_rcu_set(&cur, c);
}

int cfg_limit(void)
{
	struct cfg *c;
	int r = 0;

	rcu_read_lock();
	c = qatomic_rcu_read(&cur);
	if (c)
		r = c->limit;
	rcu_read_unlock();
	return r;
}

int cfg_limit_acquire(void)
{
	struct cfg *c = qatomic_load_acquire(&cur);

	return c ? c->limit : 0;
}
