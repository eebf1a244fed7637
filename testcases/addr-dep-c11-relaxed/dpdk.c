// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-c11-relaxed in DPDK: a relaxed pointer load dereferenced.
 * DPDK code since 20.11 uses the __atomic builtins (the legacy
 * rte_atomicNN_ API has no pointer type); a relaxed load of a pointer the
 * writer stores with __ATOMIC_RELEASE gives no dependency ordering.
 */
#include <rte_atomic.h>

struct route {
	uint32_t next_hop;
	uint32_t metric;
};

struct fib {
	struct route *def;
	struct route *backup;
};

void fib_set_default(struct fib *f, struct route *r)
{
	r->next_hop = 1;
	r->metric = 10;
	__atomic_store_n(&f->def, r, __ATOMIC_RELEASE); // expect-note[addr-dep-c11-relaxed] {{published here}}
}

/* bad: a relaxed load, then read through */
uint32_t fib_lookup(struct fib *f)
{
	struct route *r = __atomic_load_n(&f->def, __ATOMIC_RELAXED); // expect-warning[addr-dep-c11-relaxed] {{relaxed load of 'fib.def', then read through ('r->next_hop'): C11 gives a relaxed load no dependency ordering, so the read may see what was there before __atomic_store_n() in fib_set_default() published it; use __ATOMIC_ACQUIRE (__ATOMIC_CONSUME is compiled as acquire)}}

	return r ? r->next_hop : 0; // expect-note[addr-dep-c11-relaxed] {{read through here}}
}

/* good: acquire */
void fib_set_backup(struct fib *f, struct route *r)
{
	r->next_hop = 2;
	r->metric = 20;
	__atomic_store_n(&f->backup, r, __ATOMIC_RELEASE);
}

uint32_t fib_lookup_backup(struct fib *f)
{
	struct route *r = __atomic_load_n(&f->backup, __ATOMIC_ACQUIRE);

	return r ? r->next_hop : 0;
}
