// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire: the writer calls a function whose barrier happens
 * to order its two stores, then orders them with its own smp_wmb() before
 * the flag (Linux 6.1's netlink_insert(): the hash table insert, then
 * "smp_wmb(); WRITE_ONCE(nlk->bound, portid)"). The own fence shows the
 * protocol: a reader that drops its smp_rmb() (netlink_bind()) is found.
 */
#include <ordercheck/linux.h>

struct nl_sock {
	int portid;
	int bound;
	int hashed;
};

/* a table insert that orders fully, for its own ends */
static int table_insert(struct nl_sock *nlk)
{
	smp_mb();
	WRITE_ONCE(nlk->hashed, 1);
	return 0;
}

int nl_insert(struct nl_sock *nlk, int portid)
{
	int err;

	WRITE_ONCE(nlk->portid, portid); // expect-note[pair-missing-acquire] {{nl_insert() stores 'nl_sock.portid' here}}
	err = table_insert(nlk);
	if (err)
		return err;
	smp_wmb(); // expect-note[pair-missing-acquire] {{ordered by smp_wmb() here}}
	WRITE_ONCE(nlk->bound, portid); // expect-note[pair-missing-acquire] {{then stores 'nl_sock.bound' here}}
	return 0;
}

int nl_bind(struct nl_sock *nlk, int pid)
{
	int bound = READ_ONCE(nlk->bound); // expect-note[pair-missing-acquire] {{nl_bind() reads 'nl_sock.bound' here}}
	int portid = nlk->portid; // expect-warning[pair-missing-acquire] {{'nl_sock.portid' is read after 'nl_sock.bound' with nothing ordering the two reads, but nl_insert() orders its stores to them with}} expect-note[pair-missing-acquire] {{then reads 'nl_sock.portid' here}}

	return bound && pid != portid ? -1 : 0;
}
