// SPDX-License-Identifier: GPL-2.0
/*
 * pair-wrong-barrier, good: both functions write 'bpage.commit' with
 * local_set(), which only the CPU that owns the counter may do
 * (core-api/local_ops.rst), so they run on one CPU and are no pair
 * (kernel/trace/ring_buffer.c: rb_tail_page_update() against
 * rb_set_commit_to_write(), both the writer's, nested by interrupts).
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

struct bpage {
	local_t commit;
};

struct cpu_buf {
	struct bpage *tail_page;
};

void tail_page_update(struct cpu_buf *c, struct bpage *old,
		      struct bpage *next)
{
	local_set(&next->commit, 0);
	(void)cmpxchg(&c->tail_page, old, next);
}

struct bpage *set_commit_to_write(struct cpu_buf *c, struct bpage *p)
{
	struct bpage *tail = READ_ONCE(c->tail_page);

	smp_wmb();
	local_set(&p->commit, 1);
	return tail;
}
