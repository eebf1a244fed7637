// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire across two files, liburcu 0.13: the finding is
 * made by the tree pass, from the facts of both files, and still speaks
 * urcu (the dialect each file's facts carry).
 */
#define _LGPL_SOURCE
#include <urcu/arch.h>
#include <urcu/system.h>
// expect-no-diagnostics

struct msg {
	int body;
	int ready;
};

void msg_post(struct msg *m, int v)
{
	CMM_STORE_SHARED(m->body, v);
	cmm_smp_wmb();
	CMM_STORE_SHARED(m->ready, 1);
}
