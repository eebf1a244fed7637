// SPDX-License-Identifier: GPL-2.0
/* RCU-protected lists as events (vocab/linux.def, 1.1.6). */
#include <ordercheck/linux.h>

struct item {
	int key;
	struct list_head node;
	struct hlist_node hnode;
	struct hlist_nulls_node nnode;
};
struct table {
	struct list_head list;
	struct hlist_head bucket;
	struct hlist_nulls_head nulls;
	struct item *cur;
};

void publish(struct table *t, struct item *it, struct item *old)
{
	it->key = 1;
	list_add_rcu(&it->node, &t->list);
	list_add_tail_rcu(&it->node, &t->list);
	hlist_add_head_rcu(&it->hnode, &t->bucket);
	hlist_add_behind_rcu(&it->hnode, &old->hnode);
	hlist_add_before_rcu(&it->hnode, &old->hnode);
	hlist_nulls_add_head_rcu(&it->nnode, &t->nulls);
	list_replace_rcu(&old->node, &it->node);
	list_del_rcu(&old->node);
	hlist_del_rcu(&old->hnode);
	old = rcu_replace_pointer(t->cur, it, 1);
}

int lookup(struct table *t)
{
	struct item *it, *first;
	int sum = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(it, &t->list, node)
		sum += it->key;
	hlist_for_each_entry_rcu(it, &t->bucket, hnode)
		sum += it->key;
	first = list_first_or_null_rcu(&t->list, struct item, node);
	if (first)
		sum += first->key;
	rcu_read_unlock();
	return sum;
}
