// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, liburcu 0.13, good: cmm_smp_rmb() between the
 * reader's loads, for urcu's own accesses and for C11 relaxed ones (urcu
 * code mixes them), and a full barrier.
 */
#define _LGPL_SOURCE
#include <stdatomic.h>
#include <urcu/arch.h>
#include <urcu/system.h>
// expect-no-diagnostics

struct req {
	int result;
	int done;
};

void req_complete(struct req *r, int res)
{
	CMM_STORE_SHARED(r->result, res);
	cmm_smp_wmb();
	CMM_STORE_SHARED(r->done, 1);
}

int req_poll(struct req *r)
{
	if (!CMM_LOAD_SHARED(r->done))
		return -1;
	cmm_smp_rmb();
	return CMM_LOAD_SHARED(r->result);
}

int req_poll_mb(struct req *r)
{
	if (!CMM_LOAD_SHARED(r->done))
		return -1;
	cmm_smp_mb();
	return CMM_LOAD_SHARED(r->result);
}

struct creq {
	atomic_int result;
	atomic_int done;
};

void creq_complete(struct creq *r, int res)
{
	atomic_store_explicit(&r->result, res, memory_order_relaxed);
	cmm_smp_wmb();
	atomic_store_explicit(&r->done, 1, memory_order_relaxed);
}

int creq_poll(struct creq *r)
{
	if (!atomic_load_explicit(&r->done, memory_order_relaxed))
		return -1;
	cmm_smp_rmb();
	return atomic_load_explicit(&r->result, memory_order_relaxed);
}
