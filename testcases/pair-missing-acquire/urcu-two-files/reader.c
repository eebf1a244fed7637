// SPDX-License-Identifier: GPL-2.0
/* The reader of writer.c's message, without cmm_smp_rmb(). */
#define _LGPL_SOURCE
#include <urcu/arch.h>
#include <urcu/system.h>

struct msg {
	int body;
	int ready;
};

int msg_take(struct msg *m)
{
	if (!CMM_LOAD_SHARED(m->ready)) // expect-note[pair-missing-acquire] {{msg_take() reads 'msg.ready' here}}
		return -1;
	return CMM_LOAD_SHARED(m->body); // expect-warning[pair-missing-acquire] {{use CMM_LOAD_SHARED() then cmm_smp_mb() for 'msg.ready' (or cmm_smp_rmb() between)}} expect-note[pair-missing-acquire] {{then reads 'msg.body' here}}
}
