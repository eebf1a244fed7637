// SPDX-License-Identifier: GPL-2.0
/* mb-redundant-ordered-rmw: smp_mb() next to a fully ordered RMW. */
#include <ordercheck/linux.h>

struct obj {
	atomic_t refs;
	unsigned long flags;
	int data;
};

long counter;

int bad_around_inc_return(struct obj *o)
{
	int v;

	smp_mb(); // expect-warning[mb-redundant-ordered-rmw] {{before 'atomic_inc_return()', which is fully ordered}}
	v = atomic_inc_return(&o->refs); // expect-note {{returns a value and is fully ordered}} expect-note[mb-redundant-ordered-rmw] {{'atomic_inc_return()' returns a value and is fully ordered (Documentation/atomic_t.txt)}}
	smp_mb(); // expect-warning[mb-redundant-ordered-rmw] {{the barrier is redundant}}
	return v;
}

int bad_after_xchg(struct obj *o)
{
	int old = atomic_xchg(&o->refs, 0); // expect-note[mb-redundant-ordered-rmw] {{'atomic_xchg()' returns a value and is fully ordered (Documentation/atomic_t.txt)}}

	smp_mb(); // expect-warning[mb-redundant-ordered-rmw] {{after 'atomic_xchg()'}}
	return old;
}

/* fully ordered even when the bit was already set, since v6.0 */
void bad_after_test_and_set(struct obj *o)
{
	if (test_and_set_bit(0, &o->flags))
		return;
	WRITE_ONCE(o->data, 1);
}

void bad_test_and_set_stmt(struct obj *o)
{
	test_and_set_bit(0, &o->flags); // expect-note {{since v6.0}}
	smp_mb(); // expect-warning[mb-redundant-ordered-rmw] {{'test_and_set_bit()'}}
	WRITE_ONCE(o->data, 1);
}

/* GCC documents the __sync builtins as full barriers */
void bad_sync(void)
{
	__sync_fetch_and_add(&counter, 1); // expect-note[mb-redundant-ordered-rmw] {{'__sync_fetch_and_add()' returns a value and is fully ordered}}
	__sync_synchronize(); // expect-warning[mb-redundant-ordered-rmw] {{'__sync_fetch_and_add()'}}
}
