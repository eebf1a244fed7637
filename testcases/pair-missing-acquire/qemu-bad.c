// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, QEMU: message passing whose writer orders its
 * stores with smp_wmb() and whose reader reads with qatomic_read() and
 * nothing between.
 */
#include <ordercheck/qemu.h>

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
	return qatomic_read(&r->result); // expect-warning[pair-missing-acquire] {{use qatomic_load_acquire() for 'req.done' (or smp_rmb() between)}}
}
