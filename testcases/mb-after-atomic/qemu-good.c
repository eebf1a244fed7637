// SPDX-License-Identifier: GPL-2.0
/*
 * mb-after-atomic, QEMU, good: smp_mb__after_rmw() after the RMW, as
 * docs/devel/atomics.rst asks.
 */
#include <ordercheck/qemu.h>
// expect-no-diagnostics

struct dev {
	int pending;
	int kick;
};

void good_kick(struct dev *d)
{
	qatomic_inc(&d->pending);
	smp_mb__after_rmw();
	qatomic_set(&d->kick, 1);
}
