// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire in DPDK: message passing without the read barrier.
 * The writer orders data before the flag with rte_smp_wmb(); the reader
 * has no rte_smp_rmb() between its two loads ("dmb ishld" on arm64; a
 * compiler barrier on x86, which the compiler needs too).
 */
#include <rte_atomic.h>

/* bad: no rte_smp_rmb() */
struct desc {
	uint32_t len;
	uint32_t done;
};

void desc_complete(volatile struct desc *d, uint32_t len)
{
	d->len = len; // expect-note[pair-missing-acquire] {{desc_complete() stores 'desc.len' here}}
	rte_smp_wmb(); // expect-note[pair-missing-acquire] {{ordered by rte_smp_wmb() here}}
	d->done = 1; // expect-note[pair-missing-acquire] {{then stores 'desc.done' here}}
}

uint32_t desc_poll(volatile struct desc *d)
{
	if (!d->done) // expect-note[pair-missing-acquire] {{desc_poll() reads 'desc.done' here}}
		return 0;
	return d->len; // expect-warning[pair-missing-acquire] {{'desc.len' is read after 'desc.done' with nothing ordering the two reads, but desc_complete() orders its stores to them with rte_smp_wmb(): use __atomic_load_n(..., __ATOMIC_ACQUIRE) for 'desc.done' (or rte_smp_rmb() between)}} expect-note[pair-missing-acquire] {{then reads 'desc.len' here}}
}

/* good: rte_smp_rmb() between (the false report) */
struct cqe {
	uint32_t len;
	uint32_t done;
};

void cqe_complete(volatile struct cqe *c, uint32_t len)
{
	c->len = len;
	rte_smp_wmb();
	c->done = 1;
}

uint32_t cqe_poll(volatile struct cqe *c)
{
	if (!c->done)
		return 0;
	rte_smp_rmb();
	return c->len;
}
