// SPDX-License-Identifier: GPL-2.0
/*
 * mb-after-atomic, QEMU (the model header of checker/include, written from
 * docs/devel/atomics.rst): smp_mb() directly after a qatomic RMW, seq_cst
 * but not ordering relaxed neighbours on every host; QEMU's twin is
 * smp_mb__after_rmw(), a compiler barrier on x86.
 */
#include <ordercheck/qemu.h>

struct dev {
	int pending;
	int kick;
};

void bad_kick(struct dev *d)
{
	qatomic_inc(&d->pending); // expect-note[mb-after-atomic] {{'qatomic_inc()' is unordered}}
	smp_mb(); // expect-warning[mb-after-atomic] {{smp_mb() directly after a void seq_cst atomic; use smp_mb__after_rmw()}}
	qatomic_set(&d->kick, 1);
}

int bad_fetch(struct dev *d)
{
	int old = qatomic_fetch_add(&d->pending, 2); // expect-note[mb-after-atomic] {{'qatomic_fetch_add()' is unordered}}

	smp_mb(); // expect-warning[mb-after-atomic] {{use smp_mb__after_rmw()}}
	qatomic_set(&d->kick, 1);
	return old;
}
