// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-plain-load, the fix with __rcu: the pointer is annotated and
 * read with rcu_dereference(), so sparse checks every access to it from
 * now on (run-sparse.sh: sparse must stay silent here).
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct conf {
	int a, b;
};

struct conf __rcu *cur_conf;

void set_conf(struct conf *c)
{
	c->a = 1;
	rcu_assign_pointer(cur_conf, c);
}

int reader(void)
{
	struct conf *c;
	int v;

	rcu_read_lock();
	c = rcu_dereference(cur_conf);
	v = c ? c->a : 0;
	rcu_read_unlock();
	return v;
}

bool is_current(struct conf *c)
{
	return rcu_access_pointer(cur_conf) == c;
}
