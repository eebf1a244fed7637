// SPDX-License-Identifier: GPL-2.0
/* mb-after-atomic: what must stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct obj {
	atomic_t refs;
	unsigned long flags;
	int ready;
};

void unrelated(void);
void wake_up_bit(void *word, int bit);

/* kernel/sched/wait_bit.c: clear_bit(); smp_mb__after_atomic(); wake_up_bit() */
void good_clear_and_wake(struct obj *o)
{
	clear_bit(1, &o->flags);
	smp_mb__after_atomic();
	wake_up_bit(&o->flags, 1);
}

/* a call between them: we cannot see what it does */
void good_call_between(struct obj *o)
{
	atomic_inc(&o->refs);
	unrelated();
	smp_mb();
}

/* not on every path */
void good_branch(struct obj *o, int c)
{
	if (c)
		atomic_inc(&o->refs);
	smp_mb();
}

/* an access between: smp_mb() orders it, the helper would not */
void good_access_between(struct obj *o)
{
	atomic_inc(&o->refs);
	o->ready = 1;
	smp_mb();
}

/* mb() also orders MMIO: not the helper's job */
void good_mandatory(struct obj *o)
{
	atomic_inc(&o->refs);
	mb();
}

/* a failed cmpxchg is no RMW: the helper would order nothing */
void good_cmpxchg(struct obj *o)
{
	atomic_cmpxchg(&o->refs, 1, 2);
	WRITE_ONCE(o->ready, 1);
}
