// SPDX-License-Identifier: GPL-2.0
/* addr-dep-pointer-compare: rcu_dereference.rst, "comparing pointers". */
#include <ordercheck/linux.h>

struct policy {
	int a;
	int b;
};

struct policy default_policy;
struct policy *cur_policy;

void set_policy(struct policy *p)
{
	p->a = 1;
	rcu_assign_pointer(cur_policy, p);
}

void do_default(int a);
void do_other(int a);

/* the example of the document: do_default(p->a) may read default_policy.a */
void bad_equal(void)
{
	struct policy *p;

	rcu_read_lock();
	p = rcu_dereference(cur_policy); // expect-note {{the load the dependency starts at}}
	if (p == &default_policy) // expect-warning[addr-dep-pointer-compare] {{'p' (from rcu_dereference(cur_policy)) is compared with the address '&default_policy', then read through ('p->a') where the two are equal}}
		do_default(p->a); // expect-note {{the read that may lose it}}
	else
		do_other(p->b);
	rcu_read_unlock();
}

/* != with the equal case after the if */
int bad_not_equal_return(void)
{
	struct policy *p = rcu_dereference(cur_policy); // expect-note[addr-dep-pointer-compare] {{the load the dependency starts at}}

	if (p != &default_policy) // expect-warning[addr-dep-pointer-compare] {{compared with the address '&default_policy', then read through ('p->b')}}
		return 0;
	return p->b; // expect-note[addr-dep-pointer-compare] {{the read that may lose it}}
}

/* another pointer the compiler already holds */
int bad_other_pointer(struct policy *known)
{
	struct policy *p = rcu_dereference(cur_policy); // expect-note[addr-dep-pointer-compare] {{the load the dependency starts at}}

	if (p == known) // expect-warning[addr-dep-pointer-compare] {{compared with 'known', then read through ('p->a')}}
		return p->a; // expect-note[addr-dep-pointer-compare] {{the read that may lose it}}
	return -1;
}
