// SPDX-License-Identifier: GPL-2.0
/* addr-dep-c11-relaxed: C11 gives relaxed loads no dependency ordering. */
#include <stdatomic.h>
#include <stddef.h>

struct node {
	int value;
	struct node *next;
};

_Atomic(struct node *) head;

void push(struct node *n, int v)
{
	n->value = v;
	n->next = atomic_load_explicit(&head, memory_order_relaxed);
	atomic_store_explicit(&head, n, memory_order_release); // expect-note {{published here}}
}

int bad_peek(void)
{
	struct node *n = atomic_load_explicit(&head, memory_order_relaxed); // expect-warning[addr-dep-c11-relaxed] {{relaxed load of 'head', then read through ('n->value'): C11 gives a relaxed load no dependency ordering}}

	return n ? n->value : -1; // expect-note {{read through here}}
}

/* the GCC builtins are the same model */
struct node *gnu_head;

void gnu_push(struct node *n)
{
	n->value = 1;
	__atomic_store_n(&gnu_head, n, __ATOMIC_RELEASE); // expect-note[addr-dep-c11-relaxed] {{published here}}
}

int bad_gnu_peek(void)
{
	struct node *n = __atomic_load_n(&gnu_head, __ATOMIC_RELAXED); // expect-warning[addr-dep-c11-relaxed] {{relaxed load of 'gnu_head'}}

	return n->value; // expect-note[addr-dep-c11-relaxed] {{read through here}}
}
