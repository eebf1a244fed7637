// SPDX-License-Identifier: GPL-2.0
/*
 * pair-unpaired-barrier, good: the kernel APIs around a barrier. A read of
 * this CPU's per-CPU copy after smp_rmb() (net/core/dev.c's
 * __dev_kfree_skb_irq()) sees only this CPU's stores, so it is no pair the
 * barrier could order for another CPU; the fence inside
 * write_seqcount_begin() is the seqcount's own, not a barrier to pair.
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

struct skb_like {
	refcount_t users;
	struct skb_like *next;
};

struct softnet {
	struct skb_like *completion_queue;
};

DEFINE_PER_CPU(struct softnet, softnet_data);

void skb_free_irq(struct skb_like *skb)
{
	if (refcount_read(&skb->users) == 1) {
		smp_rmb();
		refcount_set(&skb->users, 0);
	} else if (!refcount_dec_and_test(&skb->users)) {
		return;
	}
	skb->next = __this_cpu_read(softnet_data.completion_queue);
	__this_cpu_write(softnet_data.completion_queue, skb);
}

DEFINE_PER_CPU(int, nr_negative);

struct dentry_like {
	seqcount_t seq;
	int flags;
};

void instantiate(struct dentry_like *d)
{
	this_cpu_dec(nr_negative);
	write_seqcount_begin(&d->seq);
	d->flags = 1;
	write_seqcount_end(&d->seq);
}

/* the others that touch the flags: a reference taken, a lookup */
void skb_get(struct skb_like *skb)
{
	refcount_inc(&skb->users);
}

int lookup(struct dentry_like *d)
{
	unsigned start;
	int flags;

	do {
		start = read_seqcount_begin(&d->seq);
		flags = READ_ONCE(d->flags);
	} while (read_seqcount_retry(&d->seq, start));
	return flags;
}
