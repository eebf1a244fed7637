// SPDX-License-Identifier: GPL-2.0
/*
 * lb-needs-order, good: the store in a loop's body depends on the read in
 * its condition, a control dependency, and the other side's store depends
 * on its read too: LB+ctrl+ctrl is forbidden (arch/x86/kernel/smpboot.c:
 * smp_kick_mwait_play_dead() against mwait_play_dead()).
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

struct dead_cpu {
	int status;
	int control;
};

void kick_dead_cpu(struct dead_cpu *md)
{
	int i;

	for (i = 0; READ_ONCE(md->status) != 2 && i < 1000; i++)
		WRITE_ONCE(md->control, 2);
}

void play_dead(struct dead_cpu *md)
{
	if (READ_ONCE(md->control) == 2)
		WRITE_ONCE(md->status, 2);
}
