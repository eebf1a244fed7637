// SPDX-License-Identifier: GPL-2.0
/*
 * mb-redundant-ordered-rmw, liburcu 0.13: uatomic_add_return(),
 * uatomic_xchg() and uatomic_cmpxchg() "imply full memory barriers before
 * and after the atomic operation" (urcu's doc/uatomic-api.md); a
 * cmm_smp_mb() beside them orders nothing more.
 */
#define _LGPL_SOURCE
#include <urcu/uatomic.h>

unsigned long seq;
int owner;

unsigned long bad_next(void)
{
	unsigned long v = uatomic_add_return(&seq, 1); // expect-note {{'uatomic_add_return()' returns a value and is fully ordered (urcu's doc/uatomic-api.md)}}

	cmm_smp_mb(); // expect-warning[mb-redundant-ordered-rmw] {{cmm_smp_mb() directly after 'uatomic_add_return()', which is fully ordered}}
	return v;
}

int bad_take(int me)
{
	cmm_smp_mb(); // expect-warning[mb-redundant-ordered-rmw] {{directly before 'uatomic_xchg()'}}
	return uatomic_xchg(&owner, me); // expect-note[mb-redundant-ordered-rmw] {{'uatomic_xchg()' returns a value and is fully ordered (urcu's doc/uatomic-api.md)}}
}
