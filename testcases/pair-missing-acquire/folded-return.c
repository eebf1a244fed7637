// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire after an 'if' the compiler decides: "if
 * (!IS_ENABLED(CONFIG_X)) return;" makes no legs in the facts, and the
 * stores after it still pair. (The first form of the folding took the
 * legs of an earlier branch for the code after it; the TU's facts were
 * then refused when read back, and every pair of the TU was lost: 130 of
 * Linux's 2,752 TUs.)
 */
#include <ordercheck/linux.h>

#define CONFIG_FEATURE 1

struct req {
	int result;
	int done;
};

/* a branch with legs first: its leg numbers must not outlive it */
int req_check(struct req *r)
{
	if (READ_ONCE(r->done))
		return 1;
	return 0;
}

void req_complete(struct req *r, int res)
{
	if (!CONFIG_FEATURE)
		return;
	WRITE_ONCE(r->result, res); // expect-note[pair-missing-acquire] {{req_complete() stores 'req.result' here}}
	smp_wmb(); // expect-note[pair-missing-acquire] {{ordered by smp_wmb() here}}
	WRITE_ONCE(r->done, 1); // expect-note[pair-missing-acquire] {{then stores 'req.done' here}}
}

int req_poll(struct req *r, int *res)
{
	int done = READ_ONCE(r->done); // expect-note[pair-missing-acquire] {{req_poll() reads 'req.done' here}}

	*res = READ_ONCE(r->result); // expect-warning[pair-missing-acquire] {{'req.result' is read after 'req.done' with nothing ordering the two reads, but req_complete() orders its stores to them with smp_wmb()}} expect-note[pair-missing-acquire] {{then reads 'req.result' here}}
	return done;
}
