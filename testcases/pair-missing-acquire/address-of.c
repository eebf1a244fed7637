// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire through '*&': READ_ONCE(*&x) reads x, so the reader
 * that spells its flag that way (as macros that take an address do) still
 * meets the writer's WRITE_ONCE(x).
 */
#include <ordercheck/linux.h>

int msg_data;
int msg_ready;

/* the writer: data, then the flag, ordered by smp_wmb() */
void msg_send(int v)
{
	WRITE_ONCE(msg_data, v); // expect-note[pair-missing-acquire] {{msg_send() stores 'msg_data' here}}
	smp_wmb(); // expect-note[pair-missing-acquire] {{ordered by smp_wmb() here}}
	WRITE_ONCE(msg_ready, 1); // expect-note[pair-missing-acquire] {{then stores 'msg_ready' here}}
}

/* the reader: the flag through its address, then data, nothing between */
int msg_recv(void)
{
	int ready = READ_ONCE(*&msg_ready); // expect-note[pair-missing-acquire] {{msg_recv() reads 'msg_ready' here}}

	return ready + READ_ONCE(*(&msg_data)); // expect-warning[pair-missing-acquire] {{'msg_data' is read after 'msg_ready' with nothing ordering the two reads, but msg_send() orders its stores to them with smp_wmb()}} expect-note[pair-missing-acquire] {{then reads 'msg_data' here}}
}
