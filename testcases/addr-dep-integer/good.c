// SPDX-License-Identifier: GPL-2.0
/* addr-dep-integer: the allowed integer idioms stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>
#include <stdint.h>

struct obj {
	int a;
};

struct obj *gp, *buddy;
int table[16];
int idx;

void publish(struct obj *o)
{
	o->a = 1;
	rcu_assign_pointer(gp, o);
	rcu_assign_pointer(buddy, o);
	smp_store_release(&idx, 3);
}

/* low-bit tagging: clear the must-be-zero bits, cast back at once */
int good_tag(void)
{
	uintptr_t v = (uintptr_t)rcu_dereference(gp);
	struct obj *p = (struct obj *)(v & ~(uintptr_t)3);

	return p->a;
}

/* XOR, as buddy allocators do */
int good_xor(uintptr_t size)
{
	struct obj *p = rcu_dereference(buddy);
	struct obj *q = (struct obj *)((uintptr_t)p ^ size);

	return q->a;
}

/* pointer plus a constant keeps the dependency */
int good_offset(void)
{
	struct obj *p = rcu_dereference(gp);

	return (p + 1)->a;
}

/* an index read with an acquire: the acquire orders the table read */
int good_acquire_index(void)
{
	return table[smp_load_acquire(&idx)];
}

/* an index used as it was loaded */
int good_index(void)
{
	return table[READ_ONCE(idx) & 15];
}

/* rcu_dereference_check()'s condition is the macro's, not arithmetic on p */
#define rcu_dereference_check(p, c) \
	({ (void)(c); __atomic_load_n(&(p), __ATOMIC_CONSUME); })
int lock_a, lock_b;

int good_check_condition(void)
{
	struct obj *p = rcu_dereference_check(gp, lock_a || lock_b);

	return p ? p->a : 0;
}
