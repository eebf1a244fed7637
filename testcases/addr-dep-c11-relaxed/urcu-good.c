// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-c11-relaxed, liburcu 0.13, good: rcu_dereference(), or
 * CMM_LOAD_SHARED() followed by cmm_smp_read_barrier_depends() as urcu's
 * own queues do (urcu/static/wfcqueue.h).
 */
#define _LGPL_SOURCE
#include <urcu.h>
// expect-no-diagnostics

struct cfg {
	int limit;
};

struct cfg *cur;

void cfg_set(struct cfg *c)
{
	c->limit = 10;
	rcu_assign_pointer(cur, c);
}

int cfg_limit(void)
{
	struct cfg *c;
	int r = 0;

	rcu_read_lock();
	c = rcu_dereference(cur);
	if (c)
		r = c->limit;
	rcu_read_unlock();
	return r;
}

int cfg_limit_depends(void)
{
	struct cfg *c = CMM_LOAD_SHARED(cur);

	cmm_smp_read_barrier_depends();
	return c ? c->limit : 0;
}
