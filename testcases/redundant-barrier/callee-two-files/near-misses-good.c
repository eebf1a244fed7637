// SPDX-License-Identifier: GPL-2.0
/*
 * Near misses of callers.c: the barrier orders something the helper's
 * own ordering does not, or the helper's ordering is not there on every
 * path. Each stays quiet.
 */
#include "work.h"

// expect-no-diagnostics

/* the helper's RMW is on one path only */
void near_if(struct work *w)
{
	work_claim_if(w, true);
	smp_mb();
	w->data = 10;
}

/* the helper returns early without its RMW */
void near_checked(struct work *w)
{
	work_claim_checked(w);
	smp_mb();
	w->data = 11;
}

/* cmpxchg() that fails orders nothing */
void near_cmpxchg(struct work *w)
{
	work_try_seq(w, 1);
	smp_mb();
	w->data = 12;
}

/* a _relaxed RMW orders nothing */
void near_relaxed(struct work *w)
{
	work_seq_relaxed(w);
	smp_mb();
	w->data = 13;
}

/* the helper's store after its RMW is ordered only by this barrier */
void near_store_after(struct work *w)
{
	work_seq_then_store(w);
	smp_mb();
	w->state = 14;
}

/* smp_wmb() does not order the helper's stores against later loads */
int near_wmb(struct work *w)
{
	work_publish_wmb(w);
	smp_mb();
	return w->state;
}

/* a void RMW and smp_mb__after_atomic(): not counted */
void near_after_atomic(struct work *w)
{
	work_set_flag(w);
	smp_mb();
	w->data = 15;
}

/* wake_up_bit() orders only when it wakes someone: the barrier is the
 * waker's (wake-missing-barrier wants it) */
void near_wake(struct work *w)
{
	w->state = 16;
	smp_mb();
	work_wake(w);
}

/* smp_mb__before_atomic() before a void RMW: what it is for */
void near_get_void(struct work *w)
{
	w->data = 17;
	smp_mb__before_atomic();
	work_get_void(w);
}

/* a load between the call and the barrier: the barrier orders it */
int near_load_between(struct work *w)
{
	int s;

	work_claim(w);
	s = READ_ONCE(w->state);
	smp_mb();
	return s + w->data;
}

/* the call in a branch: a path without it */
void near_branch(struct work *w, bool c)
{
	if (c)
		work_claim(w);
	smp_mb();
	w->data = 18;
}

/* the call in a loop that may run no time */
void near_loop(struct work *w, int n)
{
	int i;

	for (i = 0; i < n; i++)
		work_claim(w);
	smp_mb();
	w->data = 19;
}

/* mb() orders MMIO too */
void near_mandatory(struct work *w)
{
	work_claim(w);
	mb();
	w->data = 20;
}

/* the helper's RMW is on the right of && */
void near_and(struct work *w)
{
	w->state = 21;
	smp_mb();
	work_put_if(w, true);
}

/* the helper's RMW is in a loop that may run no time */
void near_callee_loop(struct work *w, int n)
{
	work_claim_all(w, n);
	smp_mb();
	w->data = 22;
}

/* the helper stores through its pointer before its smp_mb(): the
 * caller's orders the store to data before that one */
void near_param_store(struct work *w, unsigned long *seq)
{
	w->data = 23;
	smp_mb();
	work_seq_start(seq);
}

/* the helper stores through its pointer after its RMW */
int near_param_out(struct work *w)
{
	int v;

	work_seq_out(w, &v);
	smp_mb();
	return w->state + v;
}

/* the helper may store through its pointer after its RMW */
int near_param_maybe_out(struct work *w)
{
	int v;

	work_seq_maybe_out(w, &v);
	smp_mb();
	return w->state + v;
}
