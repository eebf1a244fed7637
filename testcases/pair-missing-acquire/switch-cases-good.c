// SPDX-License-Identifier: GPL-2.0
/*
 * Good: a switch returns one field or another by the attribute asked
 * for; no call reads both, so nothing passes a message between them.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct counter {
	long usage;
	long failcnt;
};

enum { RES_USAGE, RES_FAILCNT };

void counter_charge(struct counter *c)
{
	WRITE_ONCE(c->failcnt, c->failcnt + 1);
	smp_wmb();
	WRITE_ONCE(c->usage, c->usage + 1);
}

long counter_show(struct counter *c, int attr)
{
	switch (attr) {
	case RES_USAGE:
		return READ_ONCE(c->usage);
	case RES_FAILCNT:
		return READ_ONCE(c->failcnt);
	default:
		break;
	}
	return 0;
}
