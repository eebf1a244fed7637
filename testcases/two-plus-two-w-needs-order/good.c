// SPDX-License-Identifier: GPL-2.0
/*
 * 2+2W ordered on both sides by fully ordered RMWs (herd7 forbids the
 * outcome: 2+2W+rmw+rmw; with smp_wmb() or a release it is allowed), or
 * by nobody (no protocol is meant): quiet.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

int g_x, g_y;

void g_one(void)
{
	WRITE_ONCE(g_x, 1);
	(void)xchg(&g_y, 2);
}

void g_two(void)
{
	WRITE_ONCE(g_y, 1);
	(void)xchg(&g_x, 2);
}

int n_x, n_y;

void n_one(void)
{
	WRITE_ONCE(n_x, 1);
	WRITE_ONCE(n_y, 2);
}

void n_two(void)
{
	WRITE_ONCE(n_y, 1);
	WRITE_ONCE(n_x, 2);
}
