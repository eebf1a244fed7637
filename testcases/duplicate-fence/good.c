// SPDX-License-Identifier: GPL-2.0
/* duplicate-fence: what must stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>
#include <stdatomic.h>

int a, b;

/* neither implies the other */
void good_rmb_wmb(void)
{
	int r = READ_ONCE(a);

	smp_rmb();
	smp_wmb();
	WRITE_ONCE(b, r);
}

void good_access_between(void)
{
	smp_mb();
	a = READ_ONCE(b);
	smp_mb();
}

/* dma_rmb() orders coherent DMA memory, smp_rmb() CPU-CPU accesses */
void dma_rmb(void);

void good_dma(void)
{
	dma_rmb();
	smp_rmb();
}

atomic_int x;

/* an acquire and a release fence together order more than either */
void good_c11_acq_rel(void)
{
	atomic_thread_fence(memory_order_acquire);
	atomic_thread_fence(memory_order_release);
	atomic_store_explicit(&x, 1, memory_order_relaxed);
}

/* a signal fence is for a handler on this thread */
void good_signal_fence(void)
{
	atomic_signal_fence(memory_order_seq_cst);
	atomic_thread_fence(memory_order_seq_cst);
}

/* arch/alpha/kernel/core_apecs.c: the same mandatory barrier twice is
 * chipset timing, written on purpose */
int cfg_space;
void good_magic(void)
{
	WRITE_ONCE(cfg_space, 1);
	mb();
	mb(); /* magic */
}
