// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, good: the writer's ordered stores sit in an 'if'
 * the compiler removes (a configuration constant, IS_ENABLED() in the
 * kernel), so they never happen and pair with nothing.
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

#define CONFIG_DEBUG_HANDOFF 0

struct handoff {
	int data;
	int flag;
};

void handoff_debug(struct handoff *h)
{
	if (CONFIG_DEBUG_HANDOFF) {
		WRITE_ONCE(h->data, 1);
		smp_wmb();
		WRITE_ONCE(h->flag, 1);
	}
}

int handoff_peek(struct handoff *h)
{
	int flag = READ_ONCE(h->flag);

	return flag + READ_ONCE(h->data);
}
