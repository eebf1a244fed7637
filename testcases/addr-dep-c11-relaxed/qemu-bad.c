// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-c11-relaxed, QEMU: qatomic_read() is a relaxed load
 * (docs/devel/atomics.rst); a pointer published with qatomic_rcu_set()
 * and read with it, then read through, is not ordered.
 */
#include <ordercheck/qemu.h>

struct cfg {
	int limit;
};

struct cfg *cur;

void cfg_set(struct cfg *c)
{
	c->limit = 10;
	qatomic_rcu_set(&cur, c); // expect-note {{published here}}
}

int cfg_limit(void)
{
	struct cfg *c = qatomic_read(&cur); // expect-warning[addr-dep-c11-relaxed] {{qatomic_read() of 'cur', then read through ('c->limit'): it heads no address dependency}}

	return c ? c->limit : 0; // expect-note[addr-dep-c11-relaxed] {{read through here}}
}
