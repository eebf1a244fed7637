// SPDX-License-Identifier: GPL-2.0
/*
 * The S shape where the writer is serialised by a lock and the reader,
 * which reads the flag and then stores the data, takes none.
 */
#include <ordercheck/linux.h>

struct mutex s_lock;
int s_data, s_flag;

void s_writer(void)
{
	mutex_lock(&s_lock);
	WRITE_ONCE(s_data, 1); // expect-note[pair-missing-release] {{s_writer() stores 's_data' here}}
	WRITE_ONCE(s_flag, 1); // expect-remark[pair-missing-release] {{'s_flag' is stored after 's_data' with nothing ordering the two stores, and s_reader() reads 's_flag' and then stores 's_data' with an acquire (smp_load_acquire()): its store can come before this one (herd7: S+po+acquire is allowed)}} expect-note[pair-missing-release] {{then stores 's_flag' here}}
	mutex_unlock(&s_lock);
}

void s_reader(void)
{
	if (smp_load_acquire(&s_flag)) // expect-note[pair-missing-release] {{s_reader() reads 's_flag' here}}
		WRITE_ONCE(s_data, 2); // expect-note[pair-missing-release] {{then stores 's_data' here}}
}
