// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, C11's atomics named by token pasting as mimalloc
 * names them (include/mimalloc/atomic.h): "mi_atomic(load_explicit)" is
 * atomic_load_explicit, inside a wrapper or written directly.
 */
#include <stdatomic.h>

#define mi_atomic(name) atomic_##name
#define mi_memory_order(name) memory_order_##name
#define mi_atomic_load_relaxed(p) \
	mi_atomic(load_explicit)(p, mi_memory_order(relaxed))
#define mi_atomic_store_relaxed(p, x) \
	mi_atomic(store_explicit)(p, x, mi_memory_order(relaxed))
#define mi_atomic_store_release(p, x) \
	mi_atomic(store_explicit)(p, x, mi_memory_order(release))

struct page {
	_Atomic long used;
	_Atomic long free;
};

void page_publish(struct page *pg, long n)
{
	mi_atomic_store_relaxed(&pg->free, n); // expect-note[pair-missing-acquire] {{page_publish() stores 'page.free' here}}
	mi_atomic_store_release(&pg->used, 1); // expect-note[pair-missing-acquire] {{then stores 'page.used' here}}
}

long page_take(struct page *pg)
{
	if (!mi_atomic_load_relaxed(&pg->used)) // expect-note[pair-missing-acquire] {{page_take() reads 'page.used' here}}
		return 0;
	return mi_atomic(load_explicit)(&pg->free, mi_memory_order(relaxed)); // expect-warning[pair-missing-acquire] {{use memory_order_acquire on the load of 'page.used'}} expect-note[pair-missing-acquire] {{then reads 'page.free' here}}
}
