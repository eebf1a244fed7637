// SPDX-License-Identifier: GPL-2.0
/* addr-dep-c11-relaxed: what must stay quiet. */
// expect-no-diagnostics
#include <stdatomic.h>
#include <stddef.h>

struct node {
	int value;
};

_Atomic(struct node *) head;
_Atomic(struct node *) stats_last;	/* only ever relaxed: no publication */

void push(struct node *n, int v)
{
	n->value = v;
	atomic_store_explicit(&head, n, memory_order_release);
	atomic_store_explicit(&stats_last, n, memory_order_relaxed);
}

/* release/acquire, as C11 wants it */
int good_acquire(void)
{
	struct node *n = atomic_load_explicit(&head, memory_order_acquire);

	return n ? n->value : -1;
}

/* consume is compiled as acquire by every compiler */
int good_consume(void)
{
	struct node *n = atomic_load_explicit(&head, memory_order_consume);

	return n ? n->value : -1;
}

/* relaxed, then an acquire fence before reading through it */
int good_fence(void)
{
	struct node *n = atomic_load_explicit(&head, memory_order_relaxed);

	atomic_thread_fence(memory_order_acquire);
	return n ? n->value : -1;
}

/* relaxed and not read through: only compared */
int good_compare(struct node *mine)
{
	return atomic_load_explicit(&head, memory_order_relaxed) == mine;
}

/* a location nothing publishes with a release */
int good_unpublished(void)
{
	struct node *n = atomic_load_explicit(&stats_last, memory_order_relaxed);

	return n ? n->value : 0;
}
