// SPDX-License-Identifier: GPL-2.0
/*
 * Good: reads wrapped in data_race() are racy on purpose, their values
 * tolerated stale (a stall warning's snapshot, as show_rcu_gp_kthreads()
 * prints rcu_state's fields): no side of a message, though the reader
 * tests the pointer it read first.
 */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct gp_state {
	void *kthread;
	unsigned long activity;
};

void pr_info_state(unsigned long activity, int state);

void gp_spawn(struct gp_state *s, void *t, unsigned long now)
{
	WRITE_ONCE(s->activity, now);
	smp_store_release(&s->kthread, t);
}

void gp_show(struct gp_state *s, unsigned long now)
{
	void *t = READ_ONCE(s->kthread);
	unsigned long ja = now - data_race(READ_ONCE(s->activity));

	pr_info_state(ja, t ? 1 : 0);
}
