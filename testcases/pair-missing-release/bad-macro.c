// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release: the writer's flag store is WRITE_ONCE() behind a
 * user macro (PUBLISH()), and in a header-style accessor that wraps it
 * twice; it is a marked store, so the message-passing pair is seen (the
 * old engine matched only the outermost macro: a plain load, no pair).
 */
#include <ordercheck/linux.h>

struct msg {
	int data;
	int flag;
};

struct msg m;

#define PUBLISH(v) WRITE_ONCE(m.flag, v)
#define msg_set_flag(p, v) __msg_store(&(p)->flag, v)
#define __msg_store(ptr, v) WRITE_ONCE(*(ptr), v)

void writer(int v)
{
	m.data = v; // expect-note[pair-missing-release] {{writer() stores 'msg.data' here}}
	PUBLISH(1); // expect-warning[pair-missing-release] {{'msg.flag' is stored after 'msg.data' with nothing ordering the two stores, but reader() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'msg.flag' here}}
}

int reader(void)
{
	if (!smp_load_acquire(&m.flag)) // expect-note[pair-missing-release] {{reader() reads 'msg.flag' here}} expect-note[pair-missing-release] {{reader() reads 'msg.flag' here}}
		return -1;
	return m.data; // expect-note[pair-missing-release] {{then reads 'msg.data' here}} expect-note[pair-missing-release] {{then reads 'msg.data' here}}
}

void writer_nested(struct msg *p, int v)
{
	p->data = v; // expect-note[pair-missing-release] {{writer_nested() stores 'msg.data' here}}
	msg_set_flag(p, 1); // expect-warning[pair-missing-release] {{'msg.flag' is stored after 'msg.data'}} expect-note[pair-missing-release] {{then stores 'msg.flag' here}}
}
