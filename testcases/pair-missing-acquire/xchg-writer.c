// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire: a writer that stores the flag with xchg() (it
 * wants the old value: was the mailbox already full?) orders its two
 * stores fully, and an exchange that stores the flag is weak intent
 * (smp_store_mb()'s way): a reader that orders nothing draws a remark.
 * Near miss of the writers whose fully ordered RMW is incidental, a
 * cmpxchg() or a counter bump, which show no intent: quiet. Pins
 * rmw_xchg() in rules/pairs_verdict.c, the one place the exchange is
 * told apart, where the xchg() is the side's second access (in store
 * buffering, as the store before the load, it is strong intent before
 * rmw_xchg() is asked).
 */
#include <ordercheck/linux.h>

struct mbox {
	unsigned int msg;
	int full;
};

bool mbox_post(struct mbox *m, unsigned int msg)
{
	WRITE_ONCE(m->msg, msg); // expect-note[pair-missing-acquire] {{mbox_post() stores 'mbox.msg' here}}
	return !xchg(&m->full, 1); // expect-note[pair-missing-acquire] {{then stores 'mbox.full' here}}
}

int mbox_peek(struct mbox *m)
{
	if (READ_ONCE(m->full)) // expect-note[pair-missing-acquire] {{mbox_peek() reads 'mbox.full' here}}
		return m->msg; // expect-remark[pair-missing-acquire] {{but mbox_post() orders its stores to them with a fully ordered read-modify-write (xchg())}} expect-note[pair-missing-acquire] {{then reads 'mbox.msg' here}}
	return -1;
}

/* atomic_xchg() is an exchange too */
struct abox {
	unsigned int msg;
	atomic_t full;
};

bool abox_post(struct abox *m, unsigned int msg)
{
	WRITE_ONCE(m->msg, msg); // expect-note[pair-missing-acquire] {{abox_post() stores 'abox.msg' here}}
	return !atomic_xchg(&m->full, 1); // expect-note[pair-missing-acquire] {{then stores 'abox.full' here}}
}

int abox_peek(struct abox *m)
{
	if (atomic_read(&m->full)) // expect-note[pair-missing-acquire] {{abox_peek() reads 'abox.full' here}}
		return m->msg; // expect-remark[pair-missing-acquire] {{with a fully ordered read-modify-write (atomic_xchg())}} expect-note[pair-missing-acquire] {{then reads 'abox.msg' here}}
	return -1;
}

/* Good: cmpxchg() claims the flag; its ordering is incidental */
struct cbox {
	unsigned int msg;
	int full;
};

bool cbox_post(struct cbox *m, unsigned int msg)
{
	WRITE_ONCE(m->msg, msg);
	return !cmpxchg(&m->full, 0, 1);
}

int cbox_peek(struct cbox *m)
{
	if (READ_ONCE(m->full))
		return m->msg;
	return -1;
}

/* Good: a counter bump that returns its value orders incidentally */
struct nbox {
	unsigned int msg;
	atomic_t posted;
};

void nbox_post(struct nbox *m, unsigned int msg)
{
	WRITE_ONCE(m->msg, msg);
	atomic_inc_return(&m->posted);
}

int nbox_peek(struct nbox *m)
{
	if (atomic_read(&m->posted))
		return m->msg;
	return -1;
}
