// SPDX-License-Identifier: GPL-2.0
/* addr-dep-integer: rcu_dereference.rst on integers, cancelling and relations. */
#include <ordercheck/linux.h>
#include <stdint.h>

struct obj {
	int a;
};

struct obj *gp;
struct obj base_obj, oom_obj;
int table[2];

void publish(struct obj *o)
{
	o->a = 1;
	rcu_assign_pointer(gp, o);
}

/* cancelling arithmetic: (x - (uintptr_t)x) may fold to 0 */
int bad_cancel(void)
{
	struct obj *p = rcu_dereference(gp); // expect-note {{the load the dependency starts at}}
	uintptr_t off = (uintptr_t)p - (uintptr_t)p; // expect-note {{where it is lost}}
	struct obj *q = (struct obj *)((uintptr_t)&base_obj + off);

	return q->a; // expect-warning[addr-dep-integer] {{the address of 'q->a' depends on rcu_dereference(gp) only through '(uintptr_t)p - (uintptr_t)p', which the compiler folds to a constant}}
}

/* & 0: a mask that is 0 in this configuration */
#define OBJ_MASK 0
int bad_masked(void)
{
	uintptr_t v = (uintptr_t)rcu_dereference(gp); // expect-note[addr-dep-integer] {{the load the dependency starts at}}

	return ((struct obj *)((uintptr_t)&base_obj | (v & OBJ_MASK)))->a; // expect-warning[addr-dep-integer] {{only through 'v & OBJ_MASK'}} expect-note[addr-dep-integer] {{where it is lost}}
}

/* a relational operator feeding an index: the document's oom_p example */
int bad_relational(void)
{
	struct obj *p = rcu_dereference(gp); // expect-note[addr-dep-integer] {{the load the dependency starts at}}
	int *q = &table[0];

	q += p > &oom_obj; // expect-note[addr-dep-integer] {{where it is lost}}
	return *q; // expect-warning[addr-dep-integer] {{only through 'p > &oom_obj', a truth value the compiler computes with a branch}}
}
