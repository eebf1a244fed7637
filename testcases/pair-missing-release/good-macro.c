// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release: the same writers as bad-macro.c with the release
 * behind the user macros: smp_store_release() is recognised through them
 * (outermost primitive: linux.h writes it with a builtin), so all is quiet.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct msg {
	int data;
	int flag;
};

struct msg m;

#define PUBLISH(v) smp_store_release(&m.flag, v)
#define msg_set_flag(p, v) __msg_store(&(p)->flag, v)
#define __msg_store(ptr, v) smp_store_release(ptr, v)

void writer(int v)
{
	m.data = v;
	PUBLISH(1);
}

int reader(void)
{
	if (!smp_load_acquire(&m.flag))
		return -1;
	return m.data;
}

void writer_nested(struct msg *p, int v)
{
	p->data = v;
	msg_set_flag(p, 1);
}
