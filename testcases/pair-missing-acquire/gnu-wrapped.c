// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, the GCC builtins behind a project's own macros
 * (a lock-free queue's RB_LOAD()/RB_STORE()): each is the builtin it
 * expands to, at the order it passes.
 */
#define RB_LOAD(p) __atomic_load_n(p, __ATOMIC_RELAXED)
#define RB_STORE(p, v) __atomic_store_n(p, v, __ATOMIC_RELAXED)
#define RB_PUBLISH(p, v) __atomic_store_n(p, v, __ATOMIC_RELEASE)

struct queue {
	unsigned int tail;
	void *cell[16];
};

void queue_push(struct queue *q, void *item)
{
	unsigned int t = q->tail;

	RB_STORE(&q->cell[t % 16], item); // expect-note[pair-missing-acquire] {{queue_push() stores 'queue.cell[]' here}}
	RB_PUBLISH(&q->tail, t + 1); // expect-note[pair-missing-acquire] {{then stores 'queue.tail' here}}
}

void *queue_peek(struct queue *q, unsigned int head)
{
	if (RB_LOAD(&q->tail) == head) // expect-note[pair-missing-acquire] {{queue_peek() reads 'queue.tail' here}}
		return 0;
	return RB_LOAD(&q->cell[head % 16]); // expect-warning[pair-missing-acquire] {{use memory_order_acquire on the load of 'queue.tail' (or __atomic_thread_fence(__ATOMIC_ACQUIRE) between)}} expect-note[pair-missing-acquire] {{then reads 'queue.cell[]' here}}
}
