// SPDX-License-Identifier: GPL-2.0
/* Bit locks and bit waits as events (vocab/linux.def, 1.1.4). */
#include <ordercheck/linux.h>

#define BUSY 0

struct page_like {
	unsigned long flags;
	int data;
};

void owner(struct page_like *p)
{
	if (test_and_set_bit_lock(BUSY, &p->flags))
		return;
	p->data = 1;
	clear_bit_unlock(BUSY, &p->flags);
	wake_up_bit(&p->flags, BUSY);
}

void owner_nonatomic(struct page_like *p)
{
	wait_on_bit_lock(&p->flags, BUSY, 0);
	p->data = 2;
	__clear_bit_unlock(BUSY, &p->flags);
	clear_and_wake_up_bit(BUSY, &p->flags);
}

int reader(struct page_like *p)
{
	wait_on_bit(&p->flags, BUSY, 0);
	return p->data;
}
