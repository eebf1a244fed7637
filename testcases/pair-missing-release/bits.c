// SPDX-License-Identifier: GPL-2.0
/*
 * Bits of one flags word as flags (atomic_bitops.txt): a writer that sets
 * one bit after its data pairs with a reader that tests that bit, not
 * with one that tests another bit of the word (nf_conntrack's gc_worker()
 * tests IPS_OFFLOAD_BIT of a status whose IPS_CONFIRMED_BIT the clash
 * resolver sets: two flags, no message). A bit only known at run time
 * may be either, and pairs.
 */
#include <ordercheck/linux.h>

enum { OBJ_READY, OBJ_DEAD, OBJ_BUSY };

struct obj {
	unsigned long state;
	int data, other, some;
};

/* bad: the bit the reader tests, set with no order after the data */
void obj_publish(struct obj *o)
{
	WRITE_ONCE(o->data, 1); // expect-note[pair-missing-release] {{obj_publish() stores 'obj.data' here}}
	set_bit(OBJ_READY, &o->state); // expect-warning[pair-missing-release] {{'obj.state' is stored after 'obj.data' with nothing ordering the two stores, but obj_read() reads them in the other order with an acquire (test_bit_acquire()): use smp_store_release() for 'obj.state' (or smp_wmb() between)}} expect-note[pair-missing-release] {{then stores 'obj.state' here}}
}

int obj_read(struct obj *o)
{
	if (test_bit_acquire(OBJ_READY, &o->state)) // expect-note[pair-missing-release] {{obj_read() reads 'obj.state' here}}
		return READ_ONCE(o->data); // expect-note[pair-missing-release] {{then reads 'obj.data' here}}
	return 0;
}

/* good: another bit of the word than any reader of 'other' tests */
void obj_kill(struct obj *o)
{
	WRITE_ONCE(o->other, 1);
	set_bit(OBJ_DEAD, &o->state);
}

int obj_read_other(struct obj *o)
{
	if (test_bit_acquire(OBJ_BUSY, &o->state))
		return READ_ONCE(o->other);
	return 0;
}

/* bad: a bit the caller chooses may be the one the reader tests */
void obj_mark(struct obj *o, int nr)
{
	WRITE_ONCE(o->some, 1); // expect-note[pair-missing-release] {{obj_mark() stores 'obj.some' here}}
	set_bit(nr, &o->state); // expect-warning[pair-missing-release] {{'obj.state' is stored after 'obj.some' with nothing ordering the two stores, but obj_read_some() reads them in the other order with an acquire (test_bit_acquire()): use smp_store_release() for 'obj.state' (or smp_wmb() between)}} expect-note[pair-missing-release] {{then stores 'obj.state' here}}
}

int obj_read_some(struct obj *o)
{
	if (test_bit_acquire(OBJ_BUSY, &o->state)) // expect-note[pair-missing-release] {{obj_read_some() reads 'obj.state' here}}
		return READ_ONCE(o->some); // expect-note[pair-missing-release] {{then reads 'obj.some' here}}
	return 0;
}
