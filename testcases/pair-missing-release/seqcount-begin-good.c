// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release: a store before a seqcount write section, read
 * inside a read section (tick-sched.c's tick_do_timer_cpu before
 * write_seqcount_begin(&jiffies_seq), dcache.c's d_flags before
 * dentry_unlink_inode()'s raw_write_seqcount_begin()). A reader that sees
 * the section's opening store sees an odd count and spins or retries; it
 * uses its reads only once it sees the closing store, and the fence of
 * write_seqcount_begin() orders the earlier store before that one.
 */
#include <ordercheck/linux.h>

// expect-no-diagnostics

struct timer_state {
	int owner_cpu;
	seqcount_t seq;
	unsigned long last;
};

void timer_take(struct timer_state *t, int cpu, unsigned long now)
{
	WRITE_ONCE(t->owner_cpu, cpu);
	write_seqcount_begin(&t->seq);
	t->last = now;
	write_seqcount_end(&t->seq);
}

int timer_next(struct timer_state *t, unsigned long *last)
{
	unsigned int s;
	int cpu;

	do {
		s = read_seqcount_begin(&t->seq);
		*last = t->last;
		cpu = READ_ONCE(t->owner_cpu);
	} while (read_seqcount_retry(&t->seq, s));
	return cpu;
}
