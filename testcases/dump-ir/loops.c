// SPDX-License-Identifier: GPL-2.0
/*
 * A loop's events in the order one iteration runs them: a for's increment
 * after its body, which libclang lists before it; with a part of the
 * header left out, the text says which part is there.
 */
#include <ordercheck/linux.h>

struct ring {
	int head, tail, data;
	struct ring *next;
};

/* all three parts: init, condition, increment, then the body */
void walk(struct ring *r)
{
	struct ring *p;

	for (p = READ_ONCE(r->next); p; p = READ_ONCE(p->next))
		WRITE_ONCE(p->data, 1);
}

/* no condition: the increment after the body still */
void spin(struct ring *r)
{
	int i;

	for (i = 0;; i = READ_ONCE(r->tail)) {
		if (READ_ONCE(r->head) == i)
			break;
	}
}

/* no increment: the second part is the condition */
void drain(struct ring *r)
{
	for (int i = READ_ONCE(r->tail); i != READ_ONCE(r->head);)
		WRITE_ONCE(r->tail, ++i);
}

/* a header a macro spells: the order libclang gives, all three there */
#define for_each_ring(p, r) for (p = (r); p; p = READ_ONCE(p->next))
void macro_walk(struct ring *r)
{
	struct ring *p;

	for_each_ring(p, r)
		WRITE_ONCE(p->data, 2);
}
