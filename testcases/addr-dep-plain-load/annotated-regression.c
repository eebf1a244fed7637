// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-plain-load after the fix: someone adds a plain read of the
 * __rcu pointer. sparse and ordercheck catch it on the same lines
 * (run-sparse.sh compares sparse's warnings with the expectations here).
 */
#include <ordercheck/linux.h>

struct conf {
	int a, b;
};

struct conf __rcu *cur_conf;

void set_conf(struct conf *c)
{
	c->a = 1;
	rcu_assign_pointer(cur_conf, c); // expect-note[addr-dep-plain-load] {{published here}}
}

int new_reader(void)
{
	struct conf *c;
	int v;

	rcu_read_lock(); // expect-note[addr-dep-plain-load] {{in an RCU read-side critical section from here}}
	c = cur_conf; // expect-warning[addr-dep-plain-load] {{'cur_conf' is published with rcu_assign_pointer() in set_conf()}}
	v = c->b; // expect-note[addr-dep-plain-load] {{dereferenced here}}
	rcu_read_unlock();
	return v;
}
