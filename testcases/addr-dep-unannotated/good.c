// SPDX-License-Identifier: GPL-2.0
/* addr-dep-unannotated: what must stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct buf {
	int len;
};

struct ring {
	struct buf *head;
	struct buf __rcu *rcu_head;
	struct buf *spare;
	struct llist_head free;
	seqcount_t seq;
	struct buf *cur;
};

void ring_publish(struct ring *r, struct buf *b)
{
	b->len = 1;
	smp_store_release(&r->head, b);
	rcu_assign_pointer(r->rcu_head, b);
	smp_wmb();
	WRITE_ONCE(r->spare, b);
}

/* the annotated forms */
int good_acquire(struct ring *r)
{
	struct buf *b = smp_load_acquire(&r->head);

	return b->len;
}

int good_rcu(struct ring *r)
{
	struct buf *b;
	int v;

	rcu_read_lock();
	b = rcu_dereference(r->rcu_head);
	v = b->len;
	rcu_read_unlock();
	return v;
}

/* a comment naming the pairing, as the kernel writes them */
int good_commented(struct ring *r)
{
	/* Pairs with the smp_wmb() in ring_publish(). */
	struct buf *b = READ_ONCE(r->spare);

	return b->len;
}

/* arch/x86/kernel/ldt.c load_mm_ldt(): the comment names the primitive */
int good_commented_synchronizes(struct ring *r)
{
	struct buf *b;

	/* READ_ONCE synchronizes with smp_store_release */
	b = READ_ONCE(r->spare);
	return b->len;
}

/* READ_ONCE() of the pointer only to test it: nothing read through it */
bool good_test_only(struct ring *r)
{
	return READ_ONCE(r->head) != NULL;
}

/* llist: llist_del_all() is an xchg(), fully ordered */
int good_llist(struct ring *r)
{
	struct llist_node *n = llist_del_all(&r->free);
	int count = 0;

	for (; n; n = n->next)
		count++;
	return count;
}

void cur_update(struct ring *r, struct buf *b)
{
	write_seqcount_begin(&r->seq);
	WRITE_ONCE(r->cur, b);
	write_seqcount_end(&r->seq);
}

/* a seqcount reader: the retry loop, not the dependency, orders it */
int good_seqcount(struct ring *r)
{
	unsigned seq;
	int v;

	do {
		seq = read_seqcount_begin(&r->seq);
		v = READ_ONCE(r->cur)->len;
	} while (read_seqcount_retry(&r->seq, seq));
	return v;
}
