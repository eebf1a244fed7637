// SPDX-License-Identifier: GPL-2.0
/*
 * pair-compiler-barrier: barrier() paired with a barrier() on the same
 * CPU (an interrupt handler), and comments that name no CPU barrier.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct kcov {
	int mode;
	int area;
};

/* kcov's check_kcov_mode(): a task and its own interrupts, one CPU */
int check_mode(struct kcov *t, int needed)
{
	int mode = READ_ONCE(t->mode);

	/*
	 * READ_ONCE()/barrier() effectively provides load-acquire wrt
	 * interrupts, there are paired barrier()/WRITE_ONCE() in
	 * kcov_start().
	 */
	barrier();
	return mode == needed;
}

void kcov_start(struct kcov *t, int mode)
{
	WRITE_ONCE(t->area, 1);
	/* paired with the barrier() in check_mode(): same CPU */
	barrier();
	WRITE_ONCE(t->mode, mode);
}

struct weights {
	int gen;
	int weight;
};

/* a real CPU barrier beside the comment: nothing to say */
int read_weight(struct weights *w)
{
	int g = READ_ONCE(w->gen);

	/* Paired with smp_wmb() in set_weight(). */
	smp_rmb();
	return READ_ONCE(w->weight) + g;
}

void set_weight(struct weights *w)
{
	WRITE_ONCE(w->weight, 2);
	/* Paired with smp_rmb() in read_weight(). */
	smp_wmb();
	WRITE_ONCE(w->gen, 2);
}
