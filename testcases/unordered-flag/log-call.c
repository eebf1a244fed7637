// SPDX-License-Identifier: GPL-2.0
/*
 * unordered-flag, not pair-missing-acquire: a pr_warn() between the
 * writer's two stores is no order it means. printk()'s body keeps its
 * own ring buffer in order (desc_read()'s smp_rmb(), the committer's
 * smp_wmb()), and once its facts were the writer's, the writer "ordered
 * its stores with smp_wmb() in _printk()" (net/ipv6/ip6_fib.c
 * fib6_add_rt2node(), net/core/sock.c sock_set_timestamping()).
 */
#include <ordercheck/linux.h>

struct route {
	int siblings;
	int nsiblings;
};

static int log_seq;

/* printk's ring buffer, reduced: its barriers order its own records */
int _printk(const char *fmt, ...)
{
	int s = READ_ONCE(log_seq);

	smp_rmb();
	WRITE_ONCE(log_seq, s + 1);
	smp_wmb();
	return s + READ_ONCE(log_seq);
}

void route_add(struct route *rt, int create)
{
	WRITE_ONCE(rt->siblings, 1); // expect-note[unordered-flag] {{route_add() stores 'route.siblings' here}}
	if (!create)
		_printk("create should be set\n");
	WRITE_ONCE(rt->nsiblings, 1); // expect-remark[unordered-flag] {{'route.nsiblings' is stored after 'route.siblings'}}
}

int route_size(struct route *rt)
{
	if (READ_ONCE(rt->nsiblings)) // expect-note[unordered-flag] {{route_size() tests 'route.nsiblings' here}}
		return READ_ONCE(rt->siblings); // expect-note[unordered-flag] {{then reads 'route.siblings' here}}
	return 0;
}
