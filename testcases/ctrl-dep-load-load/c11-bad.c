// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-load-load in C11 (<stdatomic.h> only): the advice is in C11's
 * words (vocab/spellings.def), not the kernel's smp_acquire__after_ctrl_dep()
 * or smp_load_acquire().
 */
#include <stdatomic.h>

atomic_int data, flag;

void post(void)
{
	atomic_store_explicit(&data, 1, memory_order_relaxed);
	atomic_store_explicit(&flag, 1, memory_order_release); // expect-note[ctrl-dep-load-load] {{the writer orders them here}}
}

int take(void)
{
	if (atomic_load_explicit(&flag, memory_order_relaxed)) // expect-note[ctrl-dep-load-load] {{'post()' writes 'data' before 'flag' with atomic_store_explicit()}}
		return atomic_load_explicit(&data, memory_order_relaxed); // expect-warning[ctrl-dep-load-load] {{add atomic_thread_fence(memory_order_acquire), or use a loop of acquire loads or atomic_load_explicit(..., memory_order_acquire)}}
	return 0;
}
