// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-load-load, QEMU, good: smp_mb_acquire() after the spin-wait;
 * and a loop that sleeps in qemu_cond_wait() with the mutex held (the
 * worker of hw/misc/edu.c): pthread_cond_wait() takes the mutex again
 * before it returns, and the flag's writer stores under that mutex.
 */
#include <ordercheck/qemu.h>
// expect-no-diagnostics

struct job {
	int done;
	int ret;
};

int job_wait(struct job *j)
{
	while (!qatomic_read(&j->done))
		;
	smp_mb_acquire();
	return qatomic_read(&j->ret);
}

struct worker {
	QemuMutex lock;
	QemuCond cond;
	unsigned status;
	int stopping;
	int arg;
};

int worker_next(struct worker *w)
{
	int arg;

	qemu_mutex_lock(&w->lock);
	while ((qatomic_read(&w->status) & 1) == 0 && !w->stopping)
		qemu_cond_wait(&w->cond, &w->lock);
	if (w->stopping) {
		qemu_mutex_unlock(&w->lock);
		return -1;
	}
	arg = w->arg;
	qemu_mutex_unlock(&w->lock);
	return arg;
}

void worker_stop(struct worker *w)
{
	qemu_mutex_lock(&w->lock);
	w->stopping = 1;
	qemu_mutex_unlock(&w->lock);
	qemu_cond_signal(&w->cond);
}

/* w->lock held by the caller: the loop sleeps in qemu_cond_wait() */
int worker_sleep(struct worker *w)
{
	while ((qatomic_read(&w->status) & 1) == 0)
		qemu_cond_wait(&w->cond, &w->lock);
	return w->arg;
}
