// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release, good: the writer's two stores are in two critical
 * sections of one lock, and the unlock and lock between them order them
 * for every observer (LKMM's po-unlock-lock-po), the lockless reader
 * included. Near miss of pair-wrong-barrier/unlock-lock.c, where the
 * same pattern leaves a store before a load unordered.
 */
#include <ordercheck/linux.h>

// expect-no-diagnostics

struct msg {
	spinlock_t lock;
	int data;
	int ready;
};

void msg_send(struct msg *m, int v)
{
	spin_lock(&m->lock);
	WRITE_ONCE(m->data, v);
	spin_unlock(&m->lock);
	spin_lock(&m->lock);
	WRITE_ONCE(m->ready, 1);
	spin_unlock(&m->lock);
}

int msg_recv(struct msg *m)
{
	if (!smp_load_acquire(&m->ready))
		return -1;
	return READ_ONCE(m->data);
}
