// SPDX-License-Identifier: GPL-2.0
/* The callers: a barrier beside a call of a helper of helpers.c. */
#include "work.h"

void start(struct work *w)
{
	if (work_claim(w))
		return;
	work_claim(w);
	smp_mb(); // expect-warning[redundant-barrier] {{smp_mb() directly after 'work_claim()', which ends with test_and_set_bit() on every path; the barrier is redundant}}
	w->data = 4;
}

int next(struct work *w)
{
	w->data = 5;
	smp_mb(); // expect-warning[redundant-barrier] {{smp_mb() directly before 'work_seq_next()', which begins with atomic_inc_return() on every path; the barrier is redundant}}
	return work_seq_next(w);
}

int swap(struct work *w, int *p)
{
	int *old = work_swap(w, p);

	smp_mb(); // expect-warning[redundant-barrier] {{directly after 'work_swap()', which ends with xchg()}}
	return READ_ONCE(*old);
}

void publish(struct work *w)
{
	work_publish(w);
	smp_mb(); // expect-warning[redundant-barrier] {{directly after 'work_publish()', which ends with smp_mb()}}
	w->data = 6;
}

void start_deep(struct work *w)
{
	work_claim_deep(w);
	smp_mb(); // expect-warning[redundant-barrier] {{directly after 'work_claim_deep()', which ends with test_and_set_bit()}}
	w->data = 7;
}

int get(struct work *w)
{
	smp_mb__before_atomic(); // expect-warning[redundant-barrier] {{smp_mb__before_atomic() directly before 'work_get()', which begins with atomic_inc_return(), already fully ordered; the barrier is redundant}}
	return work_get(w);
}

int *swap_after(struct work *w, int *p)
{
	int *old = work_swap(w, p);

	smp_mb__after_atomic(); // expect-warning[redundant-barrier] {{smp_mb__after_atomic() directly after 'work_swap()', which ends with xchg(), already fully ordered; the barrier is redundant}}
	return old;
}

void put(struct work *w)
{
	w->state = 8;
	smp_mb(); // expect-warning[redundant-barrier] {{smp_mb() directly before 'work_put()', which begins with atomic_dec_and_test() on every path}}
	work_put(w);
}
