// SPDX-License-Identifier: GPL-2.0
/*
 * misplaced-barrier, QEMU, good: a reader that walks a published list and
 * then, in a callee, reads a counter of a global by its name does not
 * order that read by the list's dependency, so the writer's barrier
 * between list and counter is no misplaced one for it
 * (softmmu/physmem.c's ram_block_add(): "Write list before version",
 * against migration/ram.c's ram_state_resume_prepare(), whose
 * ram_state_reset() reads ram_list.version).
 */
#include <ordercheck/qemu.h>
// expect-no-diagnostics

struct block {
	struct block *next;
	long len;
};

struct ramlist {
	struct block *first;
	unsigned version;
};

struct ramlist ram_list;

void ram_block_add(struct block *b)
{
	b->next = ram_list.first;
	qatomic_rcu_set(&ram_list.first, b);
	/* Write list before version */
	smp_wmb();
	qatomic_set(&ram_list.version, ram_list.version + 1);
}

struct state {
	unsigned last_version;
	long pages;
};

static void state_reset(struct state *rs)
{
	rs->last_version = qatomic_read(&ram_list.version);
}

void resume_prepare(struct state *rs)
{
	struct block *b;
	long pages = 0;

	rcu_read_lock();
	for (b = qatomic_rcu_read(&ram_list.first); b;
	     b = qatomic_rcu_read(&b->next))
		pages += b->len;
	rcu_read_unlock();
	rs->pages = pages;
	state_reset(rs);
}

/* the reader the writer's comment means: version first, then the list */
long save_iterate(struct state *rs)
{
	struct block *b;
	long pages = 0;

	if (qatomic_read(&ram_list.version) == rs->last_version)
		return 0;
	smp_rmb();
	rcu_read_lock();
	for (b = qatomic_rcu_read(&ram_list.first); b;
	     b = qatomic_rcu_read(&b->next))
		pages += b->len;
	rcu_read_unlock();
	return pages;
}
