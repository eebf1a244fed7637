// SPDX-License-Identifier: GPL-2.0
/*
 * publish-then-init in DPDK: rte_ring_enqueue() publishes the object to
 * the consumer (ring_lib.rst; the objects, then the producer tail with a
 * release), so a field written after it may be read before it is written.
 */
#include <rte_ring.h>

struct pkt {
	uint32_t port;
	uint32_t len;
};

struct rte_ring *rx_ring;

/* bad: len is written after the enqueue */
int pkt_queue(struct pkt *p, uint32_t port, uint32_t len)
{
	int ret;

	p->port = port;
	ret = rte_ring_enqueue(rx_ring, p); // expect-note[publish-then-init] {{'p' published here}}
	p->len = len; // expect-warning[publish-then-init] {{'p->len' is initialised after 'p' was published to lockless readers by rte_ring_enqueue(): a reader that finds it can see the value from before; initialise it before publishing}}
	return ret;
}

/* good: every field before the enqueue */
int pkt_queue_fixed(struct pkt *p, uint32_t port, uint32_t len)
{
	p->port = port;
	p->len = len;
	return rte_ring_enqueue(rx_ring, p);
}

uint32_t pkt_take(void)
{
	void *obj;
	struct pkt *p;

	if (rte_ring_dequeue(rx_ring, &obj) < 0)
		return 0;
	p = obj;
	return p->port + p->len;
}
