// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-load-load, QEMU: a spin-wait on qatomic_read() does not order
 * the loads after it (atomics.rst: qatomic_read() is relaxed).
 */
#include <ordercheck/qemu.h>

struct job {
	int done;
	int ret;
};

int job_wait(struct job *j)
{
	while (!qatomic_read(&j->done)) // expect-note[ctrl-dep-load-load] {{'job.done' and 'job.ret' are in the same struct}}
		;
	return qatomic_read(&j->ret); // expect-warning[ctrl-dep-load-load] {{qatomic_read(&j->ret) after the spin-wait on qatomic_read(&j->done) is not ordered after it}}
}
