// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire: return-ctrl-good.c with the test's value kept for
 * later: the store runs whatever the load read, so nothing orders the two
 * and the confirmer's timeout can be overwritten by this older one.
 */
#include <ordercheck/linux.h>

enum { CONN_CONFIRMED = 3 };

struct conn {
	unsigned long status;
	unsigned long timeout;
};

void conn_confirm(struct conn *c, unsigned long t)
{
	WRITE_ONCE(c->timeout, t); // expect-note {{conn_confirm() stores 'conn.timeout' here}}
	smp_mb__before_atomic(); // expect-note {{ordered by smp_mb__before_atomic() here}}
	set_bit(CONN_CONFIRMED, &c->status); // expect-note {{then stores 'conn.status' here}}
}

static bool conn_confirmed(const struct conn *c)
{
	return test_bit(CONN_CONFIRMED, &c->status); // expect-note {{conn_confirmed() reads 'conn.status' here}}
}

int conn_clash_helper(struct conn *c)
{
	bool confirmed = conn_confirmed(c); // expect-note {{conn_clash_helper() reads 'conn.status' here}} expect-note {{'conn.status' is read in conn_confirmed() called here (depth 1)}}

	WRITE_ONCE(c->timeout, 1); // expect-warning[pair-missing-acquire] {{'conn.timeout' is stored after 'conn.status' is read with nothing ordering them}} expect-note {{then stores 'conn.timeout' here}}
	return confirmed;
}
