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

/* sock_graft(): rcu_assign_pointer() of &parent->wq publishes the member */
struct wq {
	int flags;
};
struct socket {
	struct wq wq;
	struct chain *sk;
};
struct sock {
	struct wq *sk_wq;
};

void graft(struct sock *sk, struct socket *parent, struct chain *c)
{
	rcu_assign_pointer(sk->sk_wq, &parent->wq);
	parent->sk = c;
}

/* an update under a lock taken after the publication */
void chain_publish_then_lock(struct block *block, struct chain *chain,
			     spinlock_t *l)
{
	list_add_rcu(&chain->list, &block->chain_list);
	spin_lock(l);
	chain->index = 3;
	spin_unlock(l);
}

/* inserting a member into another structure is no initialisation */
struct entry {
	struct list_head hash;
	struct list_head lru;
	int key;
};

static void lru_insert(struct list_head *n, struct list_head *head)
{
	n->next = head->next;
	n->prev = head;
	head->next = n;
}

void entry_add(struct block *block, struct entry *e, struct list_head *lru)
{
	e->key = 1;
	list_add_rcu(&e->hash, &block->chain_list);
	lru_insert(&e->lru, lru);
}

/* a helper that publishes only when no other object is there */
static struct entry *entry_insert(struct block *block, struct entry *e,
				  struct entry *old)
{
	if (old)
		return old;
	list_add_rcu(&e->hash, &block->chain_list);
	return e;
}

struct entry *entry_get(struct block *block, struct entry *e,
			struct entry *old)
{
	struct entry *got = entry_insert(block, e, old);

	if (got != e)
		e->key = -1;
	return got;
}

/* RCU readers follow ->next only: ->prev is the updater's (rculist.h) */
void splice_one(struct list_head *prev, struct list_head *first,
		struct list_head *next)
{
	rcu_assign_pointer(prev->next, first);
	first->prev = prev;
	next->prev = first;
}

/* a lockless stack push: the link is the publication's own result */
struct bio {
	struct bio *next;
};
struct io_end {
	struct bio *bio;
};

void io_end_push(struct io_end *io, struct bio *bio)
{
	bio->next = xchg(&io->bio, bio);
}

/* a callee that puts or frees the object is no initialisation */
static void entry_put(struct entry *e)
{
	e->key = 0;
}

void entry_add_put(struct block *block, struct entry *e)
{
	e->key = 2;
	list_add_rcu(&e->hash, &block->chain_list);
	entry_put(e);
}

/* error unwinding after the publication: the leg ends in a goto */
int entry_register(struct block *block, struct entry *e, int err)
{
	e->key = 3;
	list_add_rcu(&e->hash, &block->chain_list);
	if (err) {
		e->key = -1;
		list_del_rcu(&e->hash);
		goto out;
	}
	return 0;
out:
	return err;
}

/* a field of another object reached through the published one */
struct station {
	struct block *sdata;
};
struct vlan {
	struct station *sta;
};

void station_move(struct vlan *v, struct station *sta)
{
	rcu_assign_pointer(v->sta, sta);
	sta->sdata->nchains = 0;
}

/* list_del_init() takes a member out of a list: no initialisation */
static void list_del_init_local(struct list_head *l)
{
	l->next = l;
	l->prev = l;
}

void entry_move(struct block *block, struct entry *e)
{
	e->key = 4;
	list_add_rcu(&e->hash, &block->chain_list);
	list_del_init_local(&e->lru);
}
