// SPDX-License-Identifier: GPL-2.0
/* atomic-barrier-misuse: the helpers where they order nothing; bad C11 orders. */
#include <ordercheck/linux.h>
#include <stdatomic.h>

struct obj {
	atomic_t refs;
	unsigned long flags;
	int ready;
};

/* x86 really reorders this: see repro.c */
int bad_after_set(struct obj *o, struct obj *other)
{
	atomic_set(&o->refs, 1); // expect-note {{'atomic_set()' is here}}
	smp_mb__after_atomic(); // expect-warning[atomic-barrier-misuse] {{after 'atomic_set()', which is not an atomic read-modify-write}}
	return atomic_read(&other->refs);
}

int bad_before_read(struct obj *o)
{
	smp_mb__before_atomic(); // expect-warning[atomic-barrier-misuse] {{before 'atomic_read()'}}
	return atomic_read(&o->refs); // expect-note[atomic-barrier-misuse] {{'atomic_read()' is here}}
}

void bad_after_plain_store(struct obj *o)
{
	o->ready = 1; // expect-note[atomic-barrier-misuse] {{a plain store is here}}
	smp_mb__after_atomic(); // expect-warning[atomic-barrier-misuse] {{after a plain store}}
}

void bad_after_value_returning(struct obj *o)
{
	atomic_inc_return(&o->refs); // expect-note[atomic-barrier-misuse] {{'atomic_inc_return()' returns a value and is fully ordered}}
	smp_mb__after_atomic(); // expect-warning[atomic-barrier-misuse] {{already fully ordered}}
}

void bad_access_between(struct obj *o)
{
	smp_mb__before_atomic(); // expect-warning[atomic-barrier-misuse] {{between 'atomic_inc()' and smp_mb__before_atomic() is not ordered}}
	WRITE_ONCE(o->ready, 1);
	atomic_inc(&o->refs); // expect-note[atomic-barrier-misuse] {{the RMW it upgrades is 'atomic_inc()'}}
}

static void mark_ready(struct obj *o)
{
	o->ready = 2; // expect-note[atomic-barrier-misuse] {{a plain store is here}}
}

/* a wrapper is seen into: this one does no RMW */
void bad_after_call(struct obj *o)
{
	mark_ready(o); // expect-note {{'mark_ready()' ends with a plain store}}
	smp_mb__after_atomic(); // expect-warning[atomic-barrier-misuse] {{after a plain store, which is not an atomic read-modify-write, and no RMW comes before it}}
	WRITE_ONCE(o->ready, 1);
}

void bad_non_atomic_bitop(struct obj *o)
{
	__set_bit(0, &o->flags); // expect-note[atomic-barrier-misuse] {{'__set_bit()' is here}}
	smp_mb__after_atomic(); // expect-warning[atomic-barrier-misuse] {{'__set_bit()', which is not an atomic}}
}

void bad_after_cmpxchg(struct obj *o)
{
	atomic_cmpxchg(&o->refs, 0, 1); // expect-note[atomic-barrier-misuse] {{'atomic_cmpxchg()' is here}}
	smp_mb__after_atomic(); // expect-warning[atomic-barrier-misuse] {{orders nothing when it fails}}
}

/* the C11 and GNU forms */
atomic_int x;

int bad_c11_orders(void)
{
	int e = 0;

	atomic_thread_fence(memory_order_relaxed); // expect-warning[atomic-barrier-misuse] {{orders nothing}}
	atomic_store_explicit(&x, 1, memory_order_acquire); // expect-warning[atomic-barrier-misuse] {{memory_order_acquire is not valid for a store}}
	atomic_compare_exchange_strong_explicit(&x, &e, 1, memory_order_seq_cst, memory_order_release); // expect-warning[atomic-barrier-misuse] {{not valid as the failure order}}
	return atomic_load_explicit(&x, memory_order_release); // expect-warning[atomic-barrier-misuse] {{memory_order_release is not valid for a load}}
}

int gnu;

void bad_gnu_orders(void)
{
	__atomic_store_n(&gnu, 1, __ATOMIC_ACQ_REL); // expect-warning[atomic-barrier-misuse] {{memory_order_acq_rel is not valid for a store}}
	__atomic_thread_fence(__ATOMIC_RELAXED); // expect-warning[atomic-barrier-misuse] {{orders nothing}}
}

/* nothing at all before it */
void bad_alone(struct obj *o)
{
	smp_mb__after_atomic(); // expect-warning[atomic-barrier-misuse] {{with no atomic read-modify-write before it in 'bad_alone()'}}
	WRITE_ONCE(o->ready, 1);
}
