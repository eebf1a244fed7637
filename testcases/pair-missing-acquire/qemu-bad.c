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
	qatomic_set(&r->result, res); // expect-note[pair-missing-acquire] {{req_complete() stores 'req.result' here}}
	smp_wmb(); // expect-note[pair-missing-acquire] {{ordered by smp_wmb() here}}
	qatomic_set(&r->done, 1); // expect-note[pair-missing-acquire] {{then stores 'req.done' here}}
}

int req_poll(struct req *r)
{
	if (!qatomic_read(&r->done)) // expect-note[pair-missing-acquire] {{req_poll() reads 'req.done' here}}
		return -1;
	return qatomic_read(&r->result); // expect-warning[pair-missing-acquire] {{use qatomic_load_acquire() for 'req.done' (or smp_rmb() between)}} expect-note[pair-missing-acquire] {{then reads 'req.result' here}}
}
