// SPDX-License-Identifier: GPL-2.0
/* Per-CPU operations as accesses of their variable (vocab/linux_percpu.def). */
#include <ordercheck/linux.h>

struct stats {
	long packets;
	long bytes;
};

DEFINE_PER_CPU(int, nr_active);
DEFINE_PER_CPU(struct stats, net_stats);

int account(long len)
{
	int old;

	this_cpu_inc(nr_active);
	this_cpu_add(net_stats.bytes, len);
	this_cpu_write(net_stats.packets, 0);
	old = this_cpu_xchg(nr_active, 0);
	old += this_cpu_cmpxchg(nr_active, 0, 1);
	__this_cpu_inc(nr_active);
	__this_cpu_write(net_stats.packets, 1);
	raw_cpu_add(net_stats.bytes, 1);
	return old + this_cpu_read(nr_active) + __this_cpu_read(nr_active);
}

long sum(int cpu)
{
	return READ_ONCE(per_cpu_ptr(&net_stats, cpu)->bytes) +
	       per_cpu(nr_active, cpu);
}
