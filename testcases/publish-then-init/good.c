// SPDX-License-Identifier: GPL-2.0
/*
 * publish-then-init: publications that readers may trust, and stores
 * after a publication that are no initialisation of what was published.
 */
#include <ordercheck/linux.h>

// expect-no-diagnostics

struct chain {
	struct list_head list;
	unsigned index;
	refcount_t refcnt;
	int ready;
	int dead;
};

struct block {
	struct list_head chain_list;
	struct chain *cur;
	int nchains;
};

/* the RCU insert after the object is whole: the fix of tcf_chain_create() */
void chain_create(struct block *block, struct chain *chain, unsigned index)
{
	chain->index = index;
	refcount_set(&chain->refcnt, 1);
	list_add_tail_rcu(&chain->list, &block->chain_list);
	block->nchains++;
}

/* smp_store_release() publishes what was stored before it */
void chain_set_current(struct block *block, struct chain *chain)
{
	chain->index = 0;
	smp_store_release(&block->cur, chain);
}

/* a flag set last with release semantics is a publication of its own */
void chain_ready(struct block *block, struct chain *chain)
{
	chain->index = 1;
	list_add_rcu(&chain->list, &block->chain_list);
	smp_store_release(&chain->ready, 1);
}

/* a plain list_add() under a lock is no lockless publication */
static void list_add_locked(struct list_head *n, struct list_head *head)
{
	n->next = head->next;
	n->prev = head;
	head->next = n;
}

void chain_add_locked(struct block *block, struct chain *chain, spinlock_t *l)
{
	spin_lock(l);
	list_add_locked(&chain->list, &block->chain_list);
	chain->index = 2;
	spin_unlock(l);
}

/* taken off the list again before it is touched: readers are gone */
void chain_unpublish(struct block *block, struct chain *chain)
{
	list_add_rcu(&chain->list, &block->chain_list);
	list_del_rcu(&chain->list);
	chain->dead = 1;
}

/* the error path of a cmpxchg(): the object was not published */
struct chain *chain_install(struct block *block, struct chain *chain)
{
	struct chain *old = cmpxchg(&block->cur, NULL, chain);

	if (old) {
		chain->dead = 1;
		return old;
	}
	return chain;
}

/* a store to another object, or to the container, not to the one published */
void chain_replace(struct block *block, struct chain *chain,
		   struct chain *prev)
{
	rcu_assign_pointer(block->cur, chain);
	prev->dead = 1;
	block->nchains = 1;
}

/* NULL is no object */
void chain_clear(struct block *block, struct chain *chain)
{
	rcu_assign_pointer(block->cur, NULL);
	chain->dead = 1;
}

/* a return before the stores: they are on another path */
int chain_try(struct block *block, struct chain *chain, int err)
{
	if (!err) {
		list_add_rcu(&chain->list, &block->chain_list);
		return 0;
	}
	chain->dead = 1;
	return err;
}
