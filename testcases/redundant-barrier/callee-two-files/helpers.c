// SPDX-License-Identifier: GPL-2.0
/* The helpers: each ends (begins) with what callers.c's barrier does. */
#include "work.h"

/* ends with a value-returning bitop: fully ordered */
bool work_claim(struct work *w)
{
	return test_and_set_bit(0, &w->flags); // expect-note[redundant-barrier] {{'test_and_set_bit()' at the end of 'work_claim()' returns a value and is fully ordered (Documentation/atomic_t.txt)}} expect-note[redundant-barrier] {{'test_and_set_bit()' at the end of 'work_claim()'}}
}

/* begins with a value-returning atomic */
int work_seq_next(struct work *w)
{
	int s = atomic_inc_return(&w->seq); // expect-note[redundant-barrier] {{'atomic_inc_return()' at the start of 'work_seq_next()' returns a value and is fully ordered (Documentation/atomic_t.txt)}}

	return s + READ_ONCE(w->state);
}

int *work_swap(struct work *w, int *p)
{
	WRITE_ONCE(w->data, 0);
	return xchg(&w->slot, p); // expect-note[redundant-barrier] {{'xchg()' at the end of 'work_swap()' returns a value and is fully ordered (Documentation/atomic_t.txt)}} expect-note[redundant-barrier] {{'xchg()' at the end of 'work_swap()'}}
}

void work_publish(struct work *w)
{
	w->data++;
	smp_mb(); // expect-note[redundant-barrier] {{'smp_mb()' at the end of 'work_publish()' is a full barrier}}
}

/* through a wrapper of this file: it ends with the call of work_claim() */
bool work_claim_deep(struct work *w)
{
	if (READ_ONCE(w->state))
		w->data = 0;
	return work_claim(w);
}

/* begins with the RMW smp_mb__before_atomic() would upgrade */
int work_get(struct work *w)
{
	return atomic_inc_return(&w->refs); // expect-note[redundant-barrier] {{'atomic_inc_return()' at the start of 'work_get()' returns a value and is fully ordered (Documentation/atomic_t.txt)}}
}

/* its condition's RMW runs first on every path, as fput()'s does */
void work_put(struct work *w)
{
	if (atomic_dec_and_test(&w->refs)) // expect-note[redundant-barrier] {{'atomic_dec_and_test()' at the start of 'work_put()' returns a value and is fully ordered (Documentation/atomic_t.txt)}}
		w->data = 0;
}

/* ---- near misses ---- */

/* the right of &&: the RMW runs only when c holds (add_taint()) */
void work_put_if(struct work *w, bool c)
{
	if (c && atomic_dec_and_test(&w->refs))
		w->data = 0;
}

/* the RMW on one path only */
bool work_claim_if(struct work *w, bool try)
{
	if (try)
		return test_and_set_bit(1, &w->flags);
	return false;
}

/* an early return: a path without the RMW */
bool work_claim_checked(struct work *w)
{
	if (!w)
		return false;
	return test_and_set_bit(2, &w->flags);
}

/* cmpxchg() orders nothing when it fails */
int work_try_seq(struct work *w, int old)
{
	return atomic_cmpxchg(&w->seq, old, old + 1);
}

/* a _relaxed RMW orders nothing */
int work_seq_relaxed(struct work *w)
{
	return atomic_inc_return_relaxed(&w->seq);
}

/* its RMW is not its last access: the store after it is unordered */
int work_seq_then_store(struct work *w)
{
	int s = atomic_inc_return(&w->seq);

	WRITE_ONCE(w->data, s);
	return s;
}

/* smp_wmb() orders stores against stores only */
void work_publish_wmb(struct work *w)
{
	w->data = 3;
	smp_wmb();
}

/* a void RMW and smp_mb__after_atomic(): full, but not a value-returning
 * RMW nor smp_mb() (the brief's line: not counted) */
void work_set_flag(struct work *w)
{
	set_bit(3, &w->flags);
	smp_mb__after_atomic();
}

/* wake_up_bit() orders only if it wakes someone (memory-barriers.txt) */
void work_wake(struct work *w)
{
	wake_up_bit(&w->flags, 3);
}

/* a void RMW: what smp_mb__before_atomic() is for */
void work_get_void(struct work *w)
{
	atomic_inc(&w->refs);
}

/* its RMW in a loop that may run no time */
void work_claim_all(struct work *w, int n)
{
	int i;

	for (i = 0; i < n; i++)
		test_and_set_bit(i, &w->flags);
}

/* a store through a pointer parameter before its smp_mb(), as
 * rcu_seq_start() has: not a fact of the tree, still an access */
void work_seq_start(unsigned long *sp)
{
	(*sp)++;
	smp_mb();
}

/* and after its RMW: the value handed back through a pointer */
void work_seq_out(struct work *w, int *out)
{
	*out = atomic_inc_return(&w->seq);
}

/* and in a branch after its RMW */
int work_seq_maybe_out(struct work *w, int *out)
{
	int v = atomic_inc_return(&w->seq);

	if (out)
		*out = v;
	return v;
}
