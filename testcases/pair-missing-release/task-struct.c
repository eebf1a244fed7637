// SPDX-License-Identifier: GPL-2.0
/*
 * Fields of struct task_struct pair like any other struct's: each is one
 * protocol's (Linux 6.1's release_task() and wait_task_zombie() pass
 * exit_state; __schedule() and try_to_wake_up() pass on_cpu).
 */
#include <ordercheck/linux.h>

struct task_struct {
	int exit_code;
	int exit_state;
};

void task_finish(struct task_struct *t, int code)
{
	WRITE_ONCE(t->exit_code, code); // expect-note[pair-missing-release] {{task_finish() stores 'task_struct.exit_code' here}}
	WRITE_ONCE(t->exit_state, 1); // expect-warning[pair-missing-release] {{'task_struct.exit_state' is stored after 'task_struct.exit_code' with nothing ordering the two stores, but task_reap() reads them in the other order with an acquire (smp_load_acquire())}} expect-note[pair-missing-release] {{then stores 'task_struct.exit_state' here}}
}

int task_reap(struct task_struct *t)
{
	if (smp_load_acquire(&t->exit_state)) // expect-note[pair-missing-release] {{task_reap() reads 'task_struct.exit_state' here}}
		return READ_ONCE(t->exit_code); // expect-note[pair-missing-release] {{then reads 'task_struct.exit_code' here}}
	return -1;
}
