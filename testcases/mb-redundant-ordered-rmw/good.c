// SPDX-License-Identifier: GPL-2.0
/* mb-redundant-ordered-rmw: what must stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>
#include <stdatomic.h>

struct obj {
	atomic_t refs;
	int data;
};

atomic_int c11_count;
int plain_flag;
long gnu_count;

/* conditional RMWs give no ordering when they fail */
void good_cmpxchg(struct obj *o)
{
	atomic_cmpxchg(&o->refs, 0, 1);
	smp_mb();
	WRITE_ONCE(o->data, 1);
}

void good_add_unless(struct obj *o)
{
	atomic_add_unless(&o->refs, 1, 0);
	smp_mb();
	WRITE_ONCE(o->data, 1);
}

void good_inc_not_zero(struct obj *o)
{
	if (!atomic_inc_not_zero(&o->refs))
		return;
	smp_mb();
	WRITE_ONCE(o->data, 1);
}

/*
 * C11: a seq_cst RMW orders only against other seq_cst operations; the
 * seq_cst fence is what orders the plain and relaxed accesses around it
 * (ordering-semantics.md 6.1).
 */
void good_c11_fence_beside_seq_cst_rmw(void)
{
	plain_flag = 1;
	atomic_fetch_add(&c11_count, 1);
	atomic_thread_fence(memory_order_seq_cst);
	atomic_store_explicit(&c11_count, 0, memory_order_relaxed);
}

void good_gnu_seq_cst(void)
{
	__atomic_fetch_add(&gnu_count, 1, __ATOMIC_SEQ_CST);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/* void RMWs are the other rules' business: the helper is right here */
void good_helper(struct obj *o)
{
	atomic_inc(&o->refs);
	smp_mb__after_atomic();
}
