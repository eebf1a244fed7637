// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, quiet: the writer of callee-then-fence.c (a
 * callee's barrier, then its own smp_wmb()) with a reader that keeps its
 * smp_rmb(); and a writer ordered only by a callee's barrier, which shows
 * no protocol of its own, with an unordered reader.
 */
#include <ordercheck/linux.h>

// expect-no-diagnostics

struct nl_sock {
	int portid;
	int bound;
	int hashed;
};

static int table_insert(struct nl_sock *nlk)
{
	smp_mb();
	WRITE_ONCE(nlk->hashed, 1);
	return 0;
}

int nl_insert(struct nl_sock *nlk, int portid)
{
	int err;

	WRITE_ONCE(nlk->portid, portid);
	err = table_insert(nlk);
	if (err)
		return err;
	smp_wmb();
	WRITE_ONCE(nlk->bound, portid);
	return 0;
}

int nl_bind(struct nl_sock *nlk, int pid)
{
	int bound = READ_ONCE(nlk->bound);
	int portid;

	smp_rmb();
	portid = nlk->portid;
	return bound && pid != portid ? -1 : 0;
}

struct tab {
	int size;
	int gen;
	int hashed;
};

static int tab_insert(struct tab *t)
{
	smp_mb();
	WRITE_ONCE(t->hashed, 1);
	return 0;
}

/* only the callee's barrier between: no intent of this writer */
void tab_grow(struct tab *t, int n)
{
	WRITE_ONCE(t->size, n);
	tab_insert(t);
	WRITE_ONCE(t->gen, 1);
}

int tab_size(struct tab *t)
{
	int gen = READ_ONCE(t->gen);

	return gen + READ_ONCE(t->size);
}
