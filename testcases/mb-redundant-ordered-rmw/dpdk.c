// SPDX-License-Identifier: GPL-2.0
/*
 * mb-redundant-ordered-rmw in DPDK: a full barrier right after a void
 * atomic. Unlike Linux's atomic_inc(), DPDK's legacy rte_atomic32_inc() is
 * fully ordered: a "lock"-prefixed instruction on x86 (rte_atomic.h,
 * MPLOCKED), a __sync builtin, which GCC documents as a full barrier,
 * elsewhere (generic/rte_atomic.h, RTE_FORCE_INTRINSICS). The
 * rte_smp_mb() after it is a second full barrier.
 */
#include <rte_atomic.h>

struct obj {
	rte_atomic32_t refs;
	rte_atomic32_t users;
	int state;
};

/* bad: rte_smp_mb() after rte_atomic32_inc() */
void obj_get(struct obj *o)
{
	rte_atomic32_inc(&o->refs); // expect-note[mb-redundant-ordered-rmw] {{'rte_atomic32_inc()' is fully ordered (generic/rte_atomic.h)}}
	rte_smp_mb(); // expect-warning[mb-redundant-ordered-rmw] {{rte_smp_mb() directly after 'rte_atomic32_inc()', which is fully ordered; the barrier is redundant}}
}

/* good: the atomic alone; and a barrier after a plain store */
void obj_use(struct obj *o)
{
	rte_atomic32_inc(&o->users);
}

void obj_set(struct obj *o, int s)
{
	o->state = s;
	rte_smp_mb();
}
