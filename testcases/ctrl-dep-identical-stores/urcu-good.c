// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-identical-stores, liburcu 0.13, good: different values, or a
 * full barrier before the store.
 */
#define _LGPL_SOURCE
#include <urcu/arch.h>
#include <urcu/system.h>
// expect-no-diagnostics

int flag, ack;

void good_values(void)
{
	if (CMM_LOAD_SHARED(flag))
		CMM_STORE_SHARED(ack, 1);
	else
		CMM_STORE_SHARED(ack, 2);
}

void good_mb(void)
{
	int f = CMM_LOAD_SHARED(flag);

	cmm_smp_mb();
	CMM_STORE_SHARED(ack, 1);
	(void)f;
}
