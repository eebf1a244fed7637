// SPDX-License-Identifier: GPL-2.0
/*
 * liburcu 0.13 as events (vocab/urcu.def), from the installed headers: the
 * barriers, the shared accesses (a store is a store), the uatomic RMWs
 * (void ones unordered, the value-returning ones fully ordered), RCU
 * pointers, read-side sections, the flavour's own names, lists, queues.
 */
#define _LGPL_SOURCE
#include <urcu.h>
#include <urcu/rculist.h>
#include <urcu/wfcqueue.h>
#include <urcu/lfstack.h>

struct item {
	int key;
	struct cds_list_head node;
	struct cds_wfcq_node qnode;
	struct cds_lfs_node snode;
};

struct table {
	struct cds_list_head list;
	struct cds_wfcq_head qhead;
	struct cds_wfcq_tail qtail;
	struct cds_lfs_stack stack;
	struct item *cur;
	unsigned long hits;
	int flag, data;
};

void barriers(struct table *t)
{
	CMM_STORE_SHARED(t->data, 1);
	cmm_smp_wmb();
	CMM_STORE_SHARED(t->flag, 1);
	cmm_smp_mb();
}

void reader(struct table *t)
{
	(void)CMM_LOAD_SHARED(t->flag);
	cmm_smp_rmb();
	(void)CMM_LOAD_SHARED(t->data);
	cmm_barrier();
	(void)CMM_LOAD_SHARED(t->flag);
	cmm_smp_read_barrier_depends();
}

unsigned long atomics(struct table *t)
{
	uatomic_inc(&t->hits);
	cmm_smp_mb__after_uatomic_inc();
	uatomic_add(&t->hits, 2);
	uatomic_set(&t->flag, 0);
	(void)uatomic_cmpxchg(&t->flag, 0, 1);
	(void)uatomic_xchg(&t->data, 3);
	return uatomic_add_return(&t->hits, 1) + uatomic_read(&t->hits);
}

int pointers(struct table *t, struct item *it)
{
	struct item *p;
	int k = 0;

	rcu_assign_pointer(t->cur, it);
	(void)rcu_xchg_pointer(&t->cur, it);
	rcu_read_lock();
	p = rcu_dereference(t->cur);
	if (p)
		k = p->key;
	cds_list_for_each_entry_rcu(p, &t->list, node)
		k += p->key;
	rcu_read_unlock();
	synchronize_rcu();
	urcu_memb_read_lock();
	urcu_memb_read_unlock();
	return k;
}

void lists(struct table *t, struct item *it)
{
	cds_list_add_rcu(&it->node, &t->list);
	cds_list_del_rcu(&it->node);
	cds_wfcq_enqueue(&t->qhead, &t->qtail, &it->qnode);
	cds_lfs_push(&t->stack, &it->snode);
}
