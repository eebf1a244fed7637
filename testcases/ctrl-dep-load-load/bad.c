// SPDX-License-Identifier: GPL-2.0
/* ctrl-dep-load-load: a control dependency does not order later loads. */
#include <ordercheck/linux.h>

struct msg {
	int ready;
	int data;
};

int flag, payload;

void publish(struct msg *m, int v)
{
	WRITE_ONCE(m->data, v);
	smp_wmb(); // expect-note {{the writer orders them here}}
	WRITE_ONCE(m->ready, 1);
}

int bad_spin_then_read(struct msg *m)
{
	while (!READ_ONCE(m->ready)) // expect-note {{'publish()' writes 'msg.data' before 'msg.ready' with smp_wmb()}}
		;
	return READ_ONCE(m->data); // expect-warning[ctrl-dep-load-load] {{READ_ONCE(m->data) after the spin-wait on READ_ONCE(m->ready) is not ordered after it}}
}

void send(int v)
{
	WRITE_ONCE(payload, v);
	smp_store_release(&flag, 1); // expect-note[ctrl-dep-load-load] {{the writer orders them here}}
}

int bad_if_then_read(void)
{
	if (READ_ONCE(flag)) // expect-note[ctrl-dep-load-load] {{'send()' writes 'payload' before 'flag' with smp_store_release()}}
		return READ_ONCE(payload); // expect-warning[ctrl-dep-load-load] {{in the 'if' on READ_ONCE(flag)}}
	return -1;
}

/* same struct: the spin-wait says they are a pair */
struct slot {
	int full;
	int val;
};

int bad_same_struct(struct slot *s)
{
	int v;

	while (!READ_ONCE(s->full)) // expect-note[ctrl-dep-load-load] {{'slot.full' and 'slot.val' are in the same struct}}
		;
	v = s->val; // expect-warning[ctrl-dep-load-load] {{plain load of 'slot.val' after the spin-wait}}
	return v;
}
