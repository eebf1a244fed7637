// SPDX-License-Identifier: GPL-2.0
/* mb-after-atomic: smp_mb() directly after a void or relaxed RMW. */
#include <ordercheck/linux.h>

struct obj {
	atomic_t refs;
	unsigned long flags;
	int ready;
};

void bad_inc(struct obj *o)
{
	atomic_inc(&o->refs); // expect-note {{'atomic_inc()' is unordered}}
	smp_mb(); // expect-warning[mb-after-atomic] {{use smp_mb__after_atomic()}}
	WRITE_ONCE(o->ready, 1);
}

void bad_set_bit(struct obj *o)
{
	set_bit(1, &o->flags); // expect-note[mb-after-atomic] {{'set_bit()' is unordered}}
	/* a comment and a blank line do not separate them */

	smp_mb(); // expect-warning[mb-after-atomic] {{directly after a void atomic}}
	WRITE_ONCE(o->ready, 1);
}

void bad_relaxed(struct obj *o)
{
	int v;

	v = atomic_inc_return_relaxed(&o->refs); // expect-note[mb-after-atomic] {{'atomic_inc_return_relaxed()' is unordered}}
	v++; /* local work touches no shared memory */
	smp_mb(); // expect-warning[mb-after-atomic] {{after a relaxed atomic}}
	WRITE_ONCE(o->ready, v);
}

void bad_in_loop(struct obj *o, int n)
{
	while (n--) {
		atomic_dec(&o->refs); // expect-note[mb-after-atomic] {{'atomic_dec()' is unordered}}
		smp_mb(); // expect-warning[mb-after-atomic] {{smp_mb__after_atomic()}}
	}
}
