// SPDX-License-Identifier: GPL-2.0
/* duplicate-fence: two fences with nothing between them. */
#include <ordercheck/linux.h>
#include <stdatomic.h>

int a, b;

void bad_wmb_then_mb(void)
{
	WRITE_ONCE(a, 1);
	smp_wmb(); // expect-warning[duplicate-fence] {{smp_wmb() next to smp_mb()}}
	smp_mb(); // expect-note {{smp_mb() is here}}
	WRITE_ONCE(b, 1);
}

void bad_twice(void)
{
	a = 1;
	smp_mb(); // expect-warning[duplicate-fence] {{smp_mb() next to smp_mb()}}
	/* left over from a merge */
	smp_mb(); // expect-note[duplicate-fence] {{smp_mb() is here}}
	WRITE_ONCE(b, 1);
}

void bad_barrier_beside_rmb(void)
{
	int r = READ_ONCE(a);

	barrier(); // expect-warning[duplicate-fence] {{barrier() next to smp_rmb()}}
	smp_rmb(); // expect-note[duplicate-fence] {{smp_rmb() is here}}
	WRITE_ONCE(b, r);
}

void bad_mb_beside_mandatory(void)
{
	mb(); // expect-note[duplicate-fence] {{mb() is here}}
	smp_mb(); // expect-warning[duplicate-fence] {{smp_mb() next to mb()}}
}

atomic_int x;

void bad_c11(void)
{
	atomic_thread_fence(memory_order_acquire); // expect-warning[duplicate-fence] {{next to atomic_thread_fence()}}
	atomic_thread_fence(memory_order_seq_cst); // expect-note[duplicate-fence] {{atomic_thread_fence() is here}}
	atomic_store_explicit(&x, 1, memory_order_relaxed);
}
