// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-plain-load: a marked load behind a user macro is a marked load.
 * get_cfg() is READ_ONCE(); the old engine matched only the outermost
 * macro and took it for a plain load of 'cfg_ptr' ("use rcu_dereference()").
 * No addr-dep-plain-load here; what READ_ONCE() is told by the sibling
 * rule (a remark: rcu_dereference() names the dependency) is what it is
 * told without the macro.
 */
#include <ordercheck/linux.h>

struct cfg {
	int a;
};

struct cfg *cfg_ptr;

#define get_cfg() READ_ONCE(cfg_ptr)
/* a statement-expression helper around the same load */
#define get_cfg_checked()                          \
	({                                         \
		struct cfg *__c = READ_ONCE(cfg_ptr); \
		__c;                               \
	})

void cfg_publish(struct cfg *c)
{
	c->a = 1;
	rcu_assign_pointer(cfg_ptr, c); // expect-note[addr-dep-unannotated] {{published here}} expect-note[addr-dep-unannotated] {{published here}}
}

int cfg_read(void)
{
	struct cfg *c;
	int r;

	rcu_read_lock();
	c = get_cfg(); // expect-remark[addr-dep-unannotated] {{READ_ONCE(cfg_ptr) heads an}}
	r = c->a; // expect-note[addr-dep-unannotated] {{dereferenced here}}
	rcu_read_unlock();
	return r;
}

int cfg_read_checked(void)
{
	int r;

	rcu_read_lock();
	r = get_cfg_checked()->a; // expect-remark[addr-dep-unannotated] {{READ_ONCE(cfg_ptr) heads an}} expect-note[addr-dep-unannotated] {{dereferenced here}}
	rcu_read_unlock();
	return r;
}
