// SPDX-License-Identifier: GPL-2.0
/*
 * pair-named-partner-unordered: named partners that do order, each in
 * its own way.
 */
#include <ordercheck/linux.h>

struct box {
	int val;
	int ready;
	struct item *item;
	int seq;
};

struct item {
	int key;
};

void box_set(struct box *b, int v)
{
	WRITE_ONCE(b->val, v);
	/* Pairs with smp_rmb() in box_get(), the acquire in box_get_acq()
	 * and the dependency in box_item() */
	smp_wmb();
	WRITE_ONCE(b->ready, 1);
}

/* an smp_rmb(), as named */
int box_get(struct box *b)
{
	if (!READ_ONCE(b->ready))
		return -1;
	smp_rmb();
	return READ_ONCE(b->val);
}

/* an acquire instead */
int box_get_acq(struct box *b)
{
	if (!smp_load_acquire(&b->ready))
		return -1;
	return READ_ONCE(b->val);
}

/* an address dependency: READ_ONCE() of a pointer, then through it */
int box_item(struct box *b)
{
	struct item *it = READ_ONCE(b->item);

	return it ? it->key + READ_ONCE(b->ready) : 0;
}

/* the barrier is in a callee the tree has */
static int box_read_ordered(struct box *b)
{
	int r = READ_ONCE(b->ready);

	smp_rmb();
	return r ? READ_ONCE(b->val) : -1;
}

void box_publish(struct box *b, int v)
{
	WRITE_ONCE(b->val, v);
	/* Pairs with smp_rmb() in box_read(). */
	smp_wmb();
	WRITE_ONCE(b->ready, 1);
}

int box_read(struct box *b)
{
	return box_read_ordered(b);
}

/* the comment names the function the barrier is in: nothing to hold */
void box_self(struct box *b)
{
	WRITE_ONCE(b->val, 2);
	/* Pairs with the reader side of box_self(). */
	smp_wmb();
	WRITE_ONCE(b->ready, 2);
}

/* a function the tree does not have: pair-unpaired-barrier's to say */
void box_elsewhere(struct box *b)
{
	WRITE_ONCE(b->val, 3);
	/* Pairs with smp_rmb() in some_other_file_reader(). */
	smp_wmb(); // expect-remark[pair-unpaired-barrier] {{the comment says smp_wmb() pairs with some_other_file_reader(), which is not in the checked tree}}
	WRITE_ONCE(b->ready, 3);
}
