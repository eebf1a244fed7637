// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, liburcu 0.13: message passing whose writer orders
 * its stores with cmm_smp_wmb() and whose reader has no cmm_smp_rmb()
 * between its loads.
 */
#define _LGPL_SOURCE
#include <urcu/arch.h>
#include <urcu/system.h>

struct req {
	int result;
	int done;
};

void req_complete(struct req *r, int res)
{
	CMM_STORE_SHARED(r->result, res); // expect-note[pair-missing-acquire] {{req_complete() stores 'req.result' here}}
	cmm_smp_wmb(); // expect-note[pair-missing-acquire] {{ordered by cmm_smp_wmb() here}}
	CMM_STORE_SHARED(r->done, 1); // expect-note[pair-missing-acquire] {{then stores 'req.done' here}}
}

int req_poll(struct req *r)
{
	if (!CMM_LOAD_SHARED(r->done)) // expect-note[pair-missing-acquire] {{req_poll() reads 'req.done' here}}
		return -1;
	return CMM_LOAD_SHARED(r->result); // expect-warning[pair-missing-acquire] {{'req.result' is read after 'req.done' with nothing ordering the two reads, but req_complete() orders its stores to them with cmm_smp_wmb(): use CMM_LOAD_SHARED() then cmm_smp_mb() for 'req.done' (or cmm_smp_rmb() between)}} expect-note[pair-missing-acquire] {{then reads 'req.result' here}}
}
