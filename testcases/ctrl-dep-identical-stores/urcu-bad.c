// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-identical-stores, liburcu 0.13: the same store in both legs of
 * an 'if' on a CMM_LOAD_SHARED(): the compiler may hoist it above the
 * branch, and the control dependency is gone.
 */
#define _LGPL_SOURCE
#include <urcu/system.h>

int flag, ack, other;

void bad_ack(void)
{
	if (CMM_LOAD_SHARED(flag)) { // expect-note[ctrl-dep-identical-stores] {{the load the branch depends on}}
		CMM_STORE_SHARED(ack, 1); // expect-warning[ctrl-dep-identical-stores] {{both legs of the 'if' on CMM_LOAD_SHARED(flag) start with the same store CMM_STORE_SHARED(ack, 1)}}
		other = 1;
	} else {
		CMM_STORE_SHARED(ack, 1); // expect-note[ctrl-dep-identical-stores] {{the same store in the other leg}}
		other = 2;
	}
}
