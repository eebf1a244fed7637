// SPDX-License-Identifier: GPL-2.0
/*
 * --verify: a file that says it expects no diagnostics and expects a
 * note (a partner's file, whose notes went unchecked before) is wrong
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

void obj_get(atomic_t *refs)
{
	atomic_inc(refs); // expect-note[mb-after-atomic] {{is unordered}}
	smp_mb(); // expect-warning[mb-after-atomic] {{use smp_mb__after_atomic()}}
}
