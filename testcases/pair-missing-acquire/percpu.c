// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire through per-CPU operations: this_cpu_write() and
 * this_cpu_inc() are accesses of the per-CPU variable they name, so the
 * remote reader that reads this CPU's copy with per_cpu_ptr() meets them.
 * this_cpu operations order nothing ("Remote access to per cpu data",
 * Documentation/core-api/this_cpu_ops.rst): the writer's smp_wmb() does,
 * and the reader needs its smp_rmb() (or an acquire) in turn.
 */
#include <ordercheck/linux.h>

struct pcpu_state {
	int data;
	int seq;
};

DEFINE_PER_CPU(struct pcpu_state, pstate);

/* the local writer: data, a write barrier, then the sequence */
void pstate_publish(int v)
{
	this_cpu_write(pstate.data, v); // expect-note[pair-missing-acquire] {{pstate_publish() stores 'pcpu_state.data' here}}
	smp_wmb(); // expect-note[pair-missing-acquire] {{ordered by smp_wmb() here}}
	this_cpu_inc(pstate.seq); // expect-note[pair-missing-acquire] {{then stores 'pcpu_state.seq' here}}
}

/* the remote reader: the sequence, then data, nothing between */
int pstate_peek(int cpu)
{
	struct pcpu_state *s = per_cpu_ptr(&pstate, cpu);
	int seq = READ_ONCE(s->seq); // expect-note[pair-missing-acquire] {{pstate_peek() reads 'pcpu_state.seq' here}}

	return seq + READ_ONCE(s->data); // expect-warning[pair-missing-acquire] {{'pcpu_state.data' is read after 'pcpu_state.seq' with nothing ordering the two reads, but pstate_publish() orders its stores to them with smp_wmb(): use smp_load_acquire() for 'pcpu_state.seq' (or smp_rmb() between)}} expect-note[pair-missing-acquire] {{then reads 'pcpu_state.data' here}}
}

/* and the one that orders its reads: quiet */
int pstate_peek_ordered(int cpu)
{
	struct pcpu_state *s = per_cpu_ptr(&pstate, cpu);
	int seq = READ_ONCE(s->seq);

	smp_rmb();
	return seq + READ_ONCE(s->data);
}
