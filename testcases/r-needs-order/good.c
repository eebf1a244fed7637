// SPDX-License-Identifier: GPL-2.0
/*
 * The R shape ordered on both sides (herd7 forbids the outcome:
 * R+wmb+rmw; not R+wmb+mb: smp_store_mb() would not do, an RMW reads the
 * store it overwrites), or by nobody (no protocol is meant): quiet.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

int g_x, g_y;

void g_writer(void)
{
	WRITE_ONCE(g_x, 1);
	smp_wmb();
	WRITE_ONCE(g_y, 1);
}

int g_other(void)
{
	(void)xchg(&g_y, 2);
	return READ_ONCE(g_x);
}

int n_x, n_y;

void n_writer(void)
{
	WRITE_ONCE(n_x, 1);
	WRITE_ONCE(n_y, 1);
}

int n_other(void)
{
	WRITE_ONCE(n_y, 2);
	return READ_ONCE(n_x);
}
