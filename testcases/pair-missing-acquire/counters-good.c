// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire, quiet: two counter bumps that return nothing pass
 * no message, even with a barrier between them. Linux 6.1's
 * rb_set_commit_to_write() calls RB_WARN_ON() on each side of an smp_wmb()
 * meant for the page commit, and RB_WARN_ON() increments both disable
 * counts on its error path; ring_buffer_write() reads the two counts in
 * the other order.
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

struct trace_buffer {
	atomic_t record_disabled;
};

struct ring_buffer_per_cpu {
	atomic_t record_disabled;
	struct trace_buffer *buffer;
	long commit;
};

void rb_commit(struct ring_buffer_per_cpu *cpu_buffer, long w)
{
	if (w < 0)
		atomic_inc(&cpu_buffer->record_disabled);
	smp_wmb();
	WRITE_ONCE(cpu_buffer->commit, w);
	if (w > 4096)
		atomic_inc(&cpu_buffer->buffer->record_disabled);
}

int rb_write(struct trace_buffer *buffer, struct ring_buffer_per_cpu *cpu_buffer)
{
	if (atomic_read(&buffer->record_disabled))
		return -1;
	if (atomic_read(&cpu_buffer->record_disabled))
		return -1;
	return 0;
}
