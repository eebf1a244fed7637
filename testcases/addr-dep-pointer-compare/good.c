// SPDX-License-Identifier: GPL-2.0
/* addr-dep-pointer-compare: the safe cases of rcu_dereference.rst. */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct policy {
	int a;
	int b;
	struct list_head list;
};

struct policy default_policy;
struct policy *cur_policy, *old_policy;
LIST_HEAD(policies);

void set_policy(struct policy *p)
{
	p->a = 1;
	rcu_assign_pointer(cur_policy, p);
	rcu_assign_pointer(old_policy, p);
	list_add_rcu(&p->list, &policies);
}

void do_other(int a);

/* comparing with NULL tells the compiler nothing it can load through */
int good_null(void)
{
	struct policy *p = rcu_dereference(cur_policy);

	if (p == NULL)
		return 0;
	return p->a;
}

/* rcu_access_pointer(): compared, never read through */
bool good_access_pointer(void)
{
	return rcu_access_pointer(cur_policy) == &default_policy;
}

/* only stores follow: the control dependency orders them */
void good_only_stores(void)
{
	struct policy *p = rcu_dereference(cur_policy);

	if (p == &default_policy)
		WRITE_ONCE(p->b, 1);
}

/* not equal: the compiler cannot deduce which object p is */
void good_unequal_leg(void)
{
	struct policy *p = rcu_dereference(cur_policy);

	if (p != &default_policy)
		do_other(p->a);
}

/* both pointers came from rcu_dereference() */
int good_both_rcu(void)
{
	struct policy *p = rcu_dereference(cur_policy);
	struct policy *q = rcu_dereference(old_policy);

	if (p == q)
		return p->a;
	return 0;
}

/* list_for_each_entry_rcu(): the end test compares with the list head */
int good_list(void)
{
	struct policy *p;
	int n = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(p, &policies, list)
		if (p->a)
			n++;
	rcu_read_unlock();
	return n;
}

/*
 * The compared value comes from rcu_access_pointer(), through a pointer
 * from rcu_dereference() that the comparison says nothing about
 * (net/mac80211/chan.c's link->conf->chanctx_conf == conf).
 */
struct link {
	struct policy __rcu *conf;
	int radar;
};
struct link __rcu *cur_link;

int good_access_compare(struct policy *conf)
{
	struct link *l = rcu_dereference(cur_link);

	if (rcu_access_pointer(l->conf) == conf)
		return l->radar;
	return 0;
}
