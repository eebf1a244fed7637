// SPDX-License-Identifier: GPL-2.0
/*
 * publish-then-init: an object made reachable to lockless readers and
 * initialised afterwards. Shapes from Linux 6.1 (tcf_chain_create() in
 * net/sched/cls_api.c, sta_info_add_link() in net/mac80211/sta_info.c)
 * and their callee and macro variants.
 */
#include <ordercheck/linux.h>

struct chain {
	struct list_head list;
	unsigned index;
	refcount_t refcnt;
	int flushing;
};

struct block {
	struct list_head chain_list;
};

/* tcf_chain_create(): on the block's RCU list, then index and refcount */
struct chain *chain_create(struct block *block, struct chain *chain,
			   unsigned index)
{
	list_add_tail_rcu(&chain->list, &block->chain_list); // expect-note {{'chain' published here}}
	chain->index = index; // expect-warning[publish-then-init] {{'chain->index' is initialised after 'chain' was published to lockless readers by list_add_tail_rcu() (and 1 more store)}}
	refcount_set(&chain->refcnt, 1); // expect-note[publish-then-init] {{also initialises '&chain->refcnt' here}}
	return chain;
}

struct link {
	int link_id;
	int *addr;
};

struct sta {
	struct link *link[4];
	int valid_links;
};

/* sta_info_add_link(): rcu_assign_pointer() of the link, then its id */
void sta_add_link(struct sta *sta, struct link *link, int id, int *addr)
{
	rcu_assign_pointer(sta->link[id], link); // expect-note[publish-then-init] {{'link' published here}}
	link->link_id = id; // expect-warning[publish-then-init] {{'link->link_id' is initialised after 'link' was published to lockless readers by rcu_assign_pointer() (and 1 more store)}}
	link->addr = addr; // expect-note[publish-then-init] {{also initialises 'link->addr' here}}
}

struct node {
	struct hlist_node hash;
	struct llist_node lnode;
	atomic_t users;
	int key;
	struct node *next;
};

struct table {
	struct hlist_head bucket[16];
	struct llist_head pending;
	struct node *cur;
};

/* a hash chain: the key is what a lookup compares */
void node_hash(struct table *t, struct node *n, int key)
{
	hlist_add_head_rcu(&n->hash, &t->bucket[key & 15]); // expect-note[publish-then-init] {{'n' published here}}
	atomic_set(&n->users, 1); // expect-warning[publish-then-init] {{'&n->users' is initialised after 'n' was published}}
}

/* llist_add(): the consumer takes the node as soon as it is on the list */
void node_queue(struct table *t, struct node *n, int key)
{
	llist_add(&n->lnode, &t->pending); // expect-note[publish-then-init] {{'n' published here}}
	n->key = key; // expect-warning[publish-then-init] {{by llist_add()}}
}

/* a release store of the pointer orders what comes before it only */
void node_set_current(struct table *t, struct node *n)
{
	smp_store_release(&t->cur, n); // expect-note[publish-then-init] {{'n' published here}}
	n->next = NULL; // expect-warning[publish-then-init] {{by smp_store_release()}}
}

/* xchg() of a pointer publishes it too */
struct node *node_swap(struct table *t, struct node *n)
{
	struct node *old = xchg(&t->cur, n); // expect-note[publish-then-init] {{'n' published here}}

	n->next = old; // expect-warning[publish-then-init] {{by xchg()}}
	return old;
}

/* the callee variant: the initialisation is in a helper of this file */
static void node_init(struct node *n, int key)
{
	n->key = key; // expect-note {{stored here}}
	n->next = NULL; // expect-note[publish-then-init] {{also initialises 'n->next' in node_init() here}}
}

void node_add(struct table *t, struct node *n, int key)
{
	hlist_add_head_rcu(&n->hash, &t->bucket[key & 15]); // expect-note[publish-then-init] {{'n' published here}}
	node_init(n, key); // expect-warning[publish-then-init] {{'n->key' is initialised in node_init() after 'n' was published}}
}

/* a member given to a function that initialises it (INIT_LIST_HEAD()) */
struct group {
	struct list_head list;
	struct list_head children;
};

static void init_list_head(struct list_head *l)
{
	WRITE_ONCE(l->next, l); // expect-note[publish-then-init] {{stored here}}
	l->prev = l;
}

void group_online(struct block *block, struct group *g)
{
	list_add_rcu(&g->list, &block->chain_list); // expect-note[publish-then-init] {{'g' published here}}
	init_list_head(&g->children); // expect-warning[publish-then-init] {{is initialised in init_list_head() after 'g' was published}}
}

/* and the publication in a helper: table_insert() adds it to the list */
static void table_insert(struct table *t, struct node *n)
{
	hlist_add_head_rcu(&n->hash, &t->bucket[n->key & 15]);
}

void node_insert(struct table *t, struct node *n, int users)
{
	table_insert(t, n); // expect-note {{'n' published here}}
	atomic_set(&n->users, users); // expect-warning[publish-then-init] {{by hlist_add_head_rcu() in table_insert()}}
}

/* the macro variants: a publishing macro, an initialising macro */
#define TABLE_PUBLISH(t, n) rcu_assign_pointer((t)->cur, (n))
#define NODE_RESET(n) ((n)->key = 0)

void node_publish_macro(struct table *t, struct node *n)
{
	TABLE_PUBLISH(t, n); // expect-note[publish-then-init] {{'n' published here}}
	NODE_RESET(n); // expect-warning[publish-then-init] {{'NODE_RESET(n)' is initialised after 'n' was published}}
}

/* only WRITE_ONCE()s after: the writer knows readers race, a remark */
void node_publish_once(struct table *t, struct node *n, int key)
{
	rcu_assign_pointer(t->cur, n); // expect-note[publish-then-init] {{'n' published here}}
	WRITE_ONCE(n->key, key); // expect-remark[publish-then-init] {{'n->key' is initialised after 'n' was published}}
}
