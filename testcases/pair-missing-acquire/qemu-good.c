// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, QEMU, good: smp_rmb() between, an acquire load,
 * smp_mb_acquire() after the flag (atomics.rst's table).
 */
#include <ordercheck/qemu.h>
// expect-no-diagnostics

struct req {
	int result;
	int done;
};

void req_complete(struct req *r, int res)
{
	qatomic_set(&r->result, res);
	smp_wmb();
	qatomic_set(&r->done, 1);
}

int req_poll(struct req *r)
{
	if (!qatomic_read(&r->done))
		return -1;
	smp_rmb();
	return qatomic_read(&r->result);
}

int req_poll_acquire(struct req *r)
{
	if (!qatomic_load_acquire(&r->done))
		return -1;
	return qatomic_read(&r->result);
}

int req_poll_mb_acquire(struct req *r)
{
	if (!qatomic_read(&r->done))
		return -1;
	smp_mb_acquire();
	return qatomic_read(&r->result);
}
