// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, C11's names defined by the project itself over
 * the GCC builtins, as small ring-buffer libraries do where <stdatomic.h>
 * is missing: they are C11's, at the order their argument gives.
 */
#define memory_order_relaxed __ATOMIC_RELAXED
#define memory_order_release __ATOMIC_RELEASE
#define atomic_load_explicit(p, o) __atomic_load_n(p, o)
#define atomic_store_explicit(p, v, o) __atomic_store_n(p, v, o)

struct ring {
	unsigned long head;
	int slot[64];
};

void ring_put(struct ring *r, int v)
{
	unsigned long h = atomic_load_explicit(&r->head, memory_order_relaxed);

	atomic_store_explicit(&r->slot[h % 64], v, memory_order_relaxed); // expect-note[pair-missing-acquire] {{ring_put() stores 'ring.slot[]' here}}
	atomic_store_explicit(&r->head, h + 1, memory_order_release); // expect-note[pair-missing-acquire] {{then stores 'ring.head' here}}
}

int ring_get(struct ring *r, unsigned long tail)
{
	if (atomic_load_explicit(&r->head, memory_order_relaxed) == tail) // expect-note[pair-missing-acquire] {{ring_get() reads 'ring.head' here}}
		return -1;
	return atomic_load_explicit(&r->slot[tail % 64], memory_order_relaxed); // expect-warning[pair-missing-acquire] {{use memory_order_acquire on the load of 'ring.head' (or atomic_thread_fence(memory_order_acquire) between)}} expect-note[pair-missing-acquire] {{then reads 'ring.slot[]' here}}
}
