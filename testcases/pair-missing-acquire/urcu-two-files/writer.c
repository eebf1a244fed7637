// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire across two files, liburcu 0.13: the finding is
 * made by the tree pass, from the facts of both files, and still speaks
 * urcu (the dialect each file's facts carry).
 */
#define _LGPL_SOURCE
#include <urcu/arch.h>
#include <urcu/system.h>

struct msg {
	int body;
	int ready;
};

void msg_post(struct msg *m, int v)
{
	CMM_STORE_SHARED(m->body, v); // expect-note[pair-missing-acquire] {{msg_post() stores 'msg.body' here}}
	cmm_smp_wmb(); // expect-note[pair-missing-acquire] {{ordered by cmm_smp_wmb() here}}
	CMM_STORE_SHARED(m->ready, 1); // expect-note[pair-missing-acquire] {{then stores 'msg.ready' here}}
}
