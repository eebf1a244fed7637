// SPDX-License-Identifier: GPL-2.0
/*
 * atomic-barrier-misuse, checker only: the LKMM orders any RMW before
 * smp_mb__after_atomic() in program order, the caller's too, and code
 * that relies on it says so. (The Coccinelle rule cannot read comments
 * and reports this; see its header.)
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

/* net/core/sock.c, sock_def_write_space_wfree(): the RMW is the caller's */
int writers;
void good_caller_rmw(void)
{
	int w = READ_ONCE(writers);

	/* rely on refcount_sub from sock_wfree() */
	smp_mb__after_atomic();
	if (w)
		WRITE_ONCE(writers, 0);
}
