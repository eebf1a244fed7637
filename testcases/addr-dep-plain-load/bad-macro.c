// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-plain-load: a user macro that hides a plain load is still a
 * plain load; wrapping must not silence the rule.
 */
#include <ordercheck/linux.h>

struct cfg {
	int a;
};

struct cfg *cfg_ptr;

#define get_cfg_plain() (cfg_ptr)

void cfg_publish(struct cfg *c)
{
	c->a = 1;
	rcu_assign_pointer(cfg_ptr, c); // expect-note[addr-dep-plain-load] {{published here}}
}

int cfg_read(void)
{
	struct cfg *c;
	int r;

	rcu_read_lock(); // expect-note[addr-dep-plain-load] {{in an RCU read-side critical section from here}}
	c = get_cfg_plain(); // expect-warning[addr-dep-plain-load] {{read here with a plain load}}
	r = c->a; // expect-note[addr-dep-plain-load] {{dereferenced here}}
	rcu_read_unlock();
	return r;
}
