// SPDX-License-Identifier: GPL-2.0
/* ctrl-dep-load-load: what must stay quiet (the kernel's fixed idioms). */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct msg {
	int ready;
	int data;
};

void publish(struct msg *m, int v)
{
	WRITE_ONCE(m->data, v);
	smp_wmb();
	WRITE_ONCE(m->ready, 1);
}

/* the spin-wait completed to an acquire: smp_acquire__after_ctrl_dep() */
int good_after_ctrl_dep(struct msg *m)
{
	while (!READ_ONCE(m->ready))
		;
	smp_acquire__after_ctrl_dep();
	return READ_ONCE(m->data);
}

/* include/asm-generic/barrier.h: smp_cond_load_acquire() */
int good_cond_load_acquire(struct msg *m)
{
	smp_cond_load_acquire(&m->ready, VAL != 0);
	return READ_ONCE(m->data);
}

int good_load_acquire(struct msg *m)
{
	if (smp_load_acquire(&m->ready))
		return READ_ONCE(m->data);
	return -1;
}

int good_rmb(struct msg *m)
{
	if (READ_ONCE(m->ready)) {
		smp_rmb();
		return READ_ONCE(m->data);
	}
	return -1;
}

/* unrelated: nothing says the counter is published by the flag */
int stats;

int good_unrelated(struct msg *m)
{
	if (READ_ONCE(m->ready))
		return READ_ONCE(stats);
	return 0;
}

/* the perf ring buffer's documented control dependency: load -> store */
struct rb {
	unsigned long data_tail;
	unsigned long head;
	int buf[64];
};

void good_perf_output(struct rb *rb, int x)
{
	unsigned long tail = READ_ONCE(rb->data_tail);
	unsigned long head = rb->head;

	if (head - tail < 64)
		WRITE_ONCE(rb->buf[head % 64], x);
}
