// SPDX-License-Identifier: GPL-2.0
/*
 * Good: two reads that pass no message. The writer orders its two
 * stores (stat_update()); the reader takes a snapshot of both fields for
 * a report, and no value of the first read decides whether or how the
 * second is used, so there is nothing for an acquire to order.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct stats {
	long events;
	unsigned long stamp;
};

void report(long events, unsigned long stamp);

void stat_update(struct stats *s, unsigned long now)
{
	WRITE_ONCE(s->events, s->events + 1);
	smp_wmb();
	WRITE_ONCE(s->stamp, now);
}

void stat_show(struct stats *s)
{
	unsigned long stamp = READ_ONCE(s->stamp);
	long events = READ_ONCE(s->events);

	report(events, stamp);
}
