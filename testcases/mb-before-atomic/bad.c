// SPDX-License-Identifier: GPL-2.0
/* mb-before-atomic: smp_mb() directly before a void or relaxed RMW. */
#include <ordercheck/linux.h>

struct obj {
	atomic_t refs;
	unsigned long flags;
	int data;
};

void bad_release_by_mb(struct obj *o)
{
	o->data = 1;
	smp_mb(); // expect-warning[mb-before-atomic] {{use smp_mb__before_atomic()}}
	atomic_dec(&o->refs); // expect-note {{'atomic_dec()' is unordered}}
}

void bad_before_clear_bit(struct obj *o)
{
	o->data = 2;
	smp_mb(); // expect-warning[mb-before-atomic] {{directly before a void atomic}}

	clear_bit(0, &o->flags); // expect-note[mb-before-atomic] {{'clear_bit()' is unordered}}
}

void bad_before_acquire(struct obj *o)
{
	smp_mb(); // expect-warning[mb-before-atomic] {{before a relaxed atomic}}
	atomic_inc_return_relaxed(&o->refs); // expect-note[mb-before-atomic] {{'atomic_inc_return_relaxed()' is unordered}}
}
