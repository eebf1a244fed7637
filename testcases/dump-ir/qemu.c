// SPDX-License-Identifier: GPL-2.0
/*
 * QEMU's locks, condition wait and seqlock as events (vocab/qemu.def):
 * acquire and release, a full barrier, and the seqlock's four as
 * linux_seqlock.def's.
 */
#include <ordercheck/qemu.h>

struct pos {
	QemuMutex lock;
	QemuCond cond;
	QemuSpin spin;
	QemuSeqLock seq;
	int ready;
	int x, y;
};

void move(struct pos *p, int x, int y)
{
	qemu_spin_lock(&p->spin);
	seqlock_write_begin(&p->seq);
	qatomic_set(&p->x, x);
	qatomic_set(&p->y, y);
	seqlock_write_end(&p->seq);
	qemu_spin_unlock(&p->spin);
}

int where(struct pos *p)
{
	unsigned s;
	int x, y;

	do {
		s = seqlock_read_begin(&p->seq);
		x = qatomic_read(&p->x);
		y = qatomic_read(&p->y);
	} while (seqlock_read_retry(&p->seq, s));
	return x + y;
}

void wait_ready(struct pos *p)
{
	qemu_mutex_lock(&p->lock);
	while (!p->ready)
		qemu_cond_wait(&p->cond, &p->lock);
	qemu_mutex_unlock(&p->lock);
}
