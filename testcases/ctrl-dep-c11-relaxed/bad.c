// SPDX-License-Identifier: GPL-2.0
/* ctrl-dep-c11-relaxed: C11 has no control dependencies. */
#include <stdatomic.h>

atomic_int ready, reply;

void producer(void)
{
	atomic_store_explicit(&ready, 1, memory_order_release);
}

void bad_relaxed_ctrl(void)
{
	if (atomic_load_explicit(&ready, memory_order_relaxed)) // expect-note {{the relaxed load}}
		atomic_store_explicit(&reply, 1, memory_order_relaxed); // expect-warning[ctrl-dep-c11-relaxed] {{a relaxed load of 'ready': C11 has no control dependencies; use memory_order_acquire on the load}}
}
