// SPDX-License-Identifier: GPL-2.0
/* ctrl-dep-c11-relaxed: what must stay quiet. */
// expect-no-diagnostics
#include <stdatomic.h>

atomic_int ready, reply, counter, seen;

void producer(void)
{
	atomic_store_explicit(&ready, 1, memory_order_release);
}

void good_acquire(void)
{
	if (atomic_load_explicit(&ready, memory_order_acquire))
		atomic_store_explicit(&reply, 1, memory_order_relaxed);
}

/* statistics: never used with acquire or release, no ordering wanted */
void good_counters(void)
{
	if (atomic_load_explicit(&counter, memory_order_relaxed) > 10)
		atomic_store_explicit(&seen, 1, memory_order_relaxed);
}
