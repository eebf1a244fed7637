// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire: a writer that orders two fields of one object
 * does not pair with a reader whose two accesses reach two objects of
 * that type, told apart by their paths (DPDK's rte_ring: the producer
 * reads r->cons.tail and moves r->prod.head, the consumer's
 * __rte_ring_st_set_head_tail(&r->cons) stores cons.head then cons.tail).
 * A reader that reaches one object still pairs.
 */
#include <ordercheck/linux.h>

struct headtail {
	unsigned int head;
	unsigned int tail;
};

struct ring {
	struct headtail prod;
	struct headtail cons;
};

/* each in an anonymous union of its own, as rte_ring's are */
struct uring {
	union {
		struct headtail prod;
		struct headtail hts_prod;
	};
	union {
		struct headtail cons;
		struct headtail hts_cons;
	};
};

void set_head_tail(struct headtail *ht, unsigned int pos)
{
	WRITE_ONCE(ht->head, pos); // expect-note {{set_head_tail() stores 'headtail.head' here}}
	smp_store_release(&ht->tail, pos); // expect-note[pair-missing-acquire] {{then stores 'headtail.tail' here}}
}

/* two objects: the consumer's tail, the producer's head */
unsigned int good_move_prod_head(struct ring *r, unsigned int n)
{
	unsigned int old = READ_ONCE(r->prod.head);

	if (n > 64 + READ_ONCE(r->cons.tail) - old)
		return 0;
	WRITE_ONCE(r->prod.head, old + n);
	return n;
}

unsigned int good_move_prod_head_unions(struct uring *r, unsigned int n)
{
	unsigned int old = READ_ONCE(r->prod.head);

	if (n > 64 + READ_ONCE(r->cons.tail) - old)
		return 0;
	WRITE_ONCE(r->prod.head, old + n);
	return n;
}

/* one object: the tail it reads and the head it stores are the writer's */
unsigned int bad_same_object(struct ring *r, unsigned int n)
{
	unsigned int old = READ_ONCE(r->cons.head);
	unsigned int room = READ_ONCE(r->cons.tail) - old; // expect-note {{reads 'headtail.tail' here}}

	WRITE_ONCE(r->cons.head, old + n); // expect-warning[pair-missing-acquire] {{'headtail.head' is stored after 'headtail.tail' is read}} expect-note[pair-missing-acquire] {{then stores 'headtail.head' here}}
	return n > room ? 0 : n;
}

/*
 * The same object, but the store runs only when the test of the tail did
 * not return: a control dependency orders the load before it (LKMM's
 * ctrl; memory-barriers.txt, "CONTROL DEPENDENCIES")
 */
unsigned int good_same_object_returns(struct ring *r, unsigned int n)
{
	unsigned int old = READ_ONCE(r->cons.head);

	if (n > READ_ONCE(r->cons.tail) - old)
		return 0;
	WRITE_ONCE(r->cons.head, old + n);
	return n;
}
