// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release in DPDK (rte_atomic.h, the installed dpdk-dev
 * headers, `pkg-config --cflags libdpdk`): a release-less publish. The
 * reader orders its reads with rte_smp_rmb(); the writer stores data and
 * flag with no rte_smp_wmb() between. On x86 rte_smp_wmb() is a compiler
 * barrier, on arm64 "dmb ishst": DPDK's model needs it on both.
 */
#include <rte_atomic.h>

/* bad: no rte_smp_wmb() between the data and the flag */
struct desc {
	uint32_t len;
	uint32_t done;
};

void desc_complete(volatile struct desc *d, uint32_t len)
{
	d->len = len; // expect-note[pair-missing-release] {{desc_complete() stores 'desc.len' here}}
	d->done = 1; // expect-warning[pair-missing-release] {{'desc.done' is stored after 'desc.len' with nothing ordering the two stores, but desc_poll() reads them in the other order with rte_smp_rmb(): use __atomic_store_n(..., __ATOMIC_RELEASE) for 'desc.done' (or rte_smp_wmb() between)}} expect-note[pair-missing-release] {{then stores 'desc.done' here}}
}

uint32_t desc_poll(volatile struct desc *d)
{
	if (!d->done) // expect-note[pair-missing-release] {{desc_poll() reads 'desc.done' here}}
		return 0;
	rte_smp_rmb(); // expect-note[pair-missing-release] {{ordered by rte_smp_rmb() here}}
	return d->len; // expect-note[pair-missing-release] {{then reads 'desc.len' here}}
}

/* good: rte_smp_wmb() on the writer's side */
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
