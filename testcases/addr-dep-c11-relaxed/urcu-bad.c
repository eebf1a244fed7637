// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-c11-relaxed, liburcu 0.13: uatomic_read() and
 * CMM_LOAD_SHARED() are volatile loads without the
 * cmm_smp_read_barrier_depends() of rcu_dereference()
 * (urcu/static/pointer.h): a pointer read with them, then read through,
 * is not ordered after its publication (Alpha; and nothing promises it).
 */
#define _LGPL_SOURCE
#include <urcu.h>

struct cfg {
	int limit;
};

struct cfg *cur;

void cfg_set(struct cfg *c)
{
	c->limit = 10;
	rcu_assign_pointer(cur, c); // expect-note {{published here}} expect-note[addr-dep-c11-relaxed] {{published here}}
}

int cfg_limit(void)
{
	struct cfg *c = uatomic_read(&cur); // expect-warning[addr-dep-c11-relaxed] {{uatomic_read() of 'cur', then read through ('c->limit'): it heads no address dependency}}

	return c ? c->limit : 0; // expect-note[addr-dep-c11-relaxed] {{read through here}}
}

int cfg_limit_shared(void)
{
	struct cfg *c = CMM_LOAD_SHARED(cur); // expect-warning[addr-dep-c11-relaxed] {{use rcu_dereference()}}

	return c ? c->limit : 0; // expect-note[addr-dep-c11-relaxed] {{read through here}}
}
