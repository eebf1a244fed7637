// SPDX-License-Identifier: GPL-2.0
/* Sequence counters and seqlocks as events (vocab/linux_seqlock.def). */
#include <ordercheck/linux.h>

struct pos {
	seqcount_t seq;
	seqlock_t lock;
	int x, y;
};

void move(struct pos *p, int x, int y)
{
	write_seqcount_begin(&p->seq);
	WRITE_ONCE(p->x, x);
	WRITE_ONCE(p->y, y);
	write_seqcount_end(&p->seq);
	write_seqlock(&p->lock);
	p->x = x;
	write_sequnlock(&p->lock);
}

int where(struct pos *p)
{
	unsigned s;
	int x, y;

	do {
		s = read_seqcount_begin(&p->seq);
		x = READ_ONCE(p->x);
		y = READ_ONCE(p->y);
	} while (read_seqcount_retry(&p->seq, s));
	do {
		s = read_seqbegin(&p->lock);
		x += p->x;
	} while (read_seqretry(&p->lock, s));
	return x + y;
}
