// SPDX-License-Identifier: GPL-2.0
/*
 * pair-compiler-barrier, QEMU, good: smp_read_barrier_depends() beside a
 * comment that pairs it with smp_wmb() is what docs/devel/atomics.rst
 * asks for on the read side of an address dependency (an mb on Alpha, a
 * consume fence under TSan), not a compiler barrier standing in for a CPU
 * one (util/qemu-coroutine-lock.c's qemu_co_mutex_wake()).
 */
#include <ordercheck/qemu.h>
// expect-no-diagnostics

struct ctx {
	int id;
};

struct co {
	struct ctx *ctx;
};

struct comutex {
	struct co *holder;
	struct ctx *ctx;
};

void co_enter(struct comutex *m, struct co *co, struct ctx *c)
{
	co->ctx = c;
	/* Store co->ctx before anything that stores co; pairs with
	 * smp_read_barrier_depends() in co_mutex_wake(). */
	smp_wmb();
	qatomic_set(&m->holder, co);
}

void co_mutex_wake(struct comutex *m, struct co *co)
{
	/* Read co before co->ctx; pairs with smp_wmb() in
	 * co_enter().
	 */
	smp_read_barrier_depends();
	m->ctx = co->ctx;
}
