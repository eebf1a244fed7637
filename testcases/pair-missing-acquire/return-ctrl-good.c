// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire: a store after a test that would have returned is
 * control-dependent on the test's load: the CPU does not make a store
 * visible before the branch it hangs on resolves, and the compiler cannot
 * move it above a return (memory-barriers.txt, "CONTROL DEPENDENCIES").
 * nf_conntrack_core.c's nf_ct_resolve_clash_harder() returns from a
 * lookup loop on nf_ct_key_equal(), which reads the status in a callee,
 * and stores the timeout after the loop. The same in three spellings:
 * the load in the test, in a helper the test calls, in a loop's body,
 * in a helper's helper before another load, in a list walk whose own
 * condition loads the next entry.
 */
#include <ordercheck/linux.h>

// expect-no-diagnostics

enum { CONN_CONFIRMED = 3 };

struct conn {
	unsigned long status;
	unsigned long timeout;
	int net;
	struct conn *next;
};

void conn_confirm(struct conn *c, unsigned long t)
{
	WRITE_ONCE(c->timeout, t);
	smp_mb__before_atomic();
	set_bit(CONN_CONFIRMED, &c->status);
}

static bool conn_confirmed(const struct conn *c)
{
	return test_bit(CONN_CONFIRMED, &c->status);
}

int conn_clash_direct(struct conn *c)
{
	if (test_bit(CONN_CONFIRMED, &c->status))
		return 1;
	WRITE_ONCE(c->timeout, 1);
	return 0;
}

int conn_clash_helper(struct conn *c)
{
	if (conn_confirmed(c))
		return 1;
	WRITE_ONCE(c->timeout, 1);
	return 0;
}

int conn_clash_loop(struct conn *c, int tries)
{
	int i;

	for (i = 0; i < tries; i++) {
		if (conn_confirmed(c))
			return 1;
	}
	WRITE_ONCE(c->timeout, 1);
	return 0;
}

static bool conn_equal(const struct conn *c, int net)
{
	return conn_confirmed(c) && READ_ONCE(c->net) == net;
}

int conn_clash_deep(struct conn *c, int net)
{
	if (conn_equal(c, net))
		return 1;
	WRITE_ONCE(c->timeout, 1);
	return 0;
}

int conn_clash_list(struct conn *loser, struct conn *head)
{
	struct conn *h;

	for (h = head; h; h = h->next) {
		if (conn_confirmed(h))
			return 1;
	}
	WRITE_ONCE(loser->timeout, 1);
	return 0;
}
