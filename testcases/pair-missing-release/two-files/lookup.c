// SPDX-License-Identifier: GPL-2.0
/* The reader, correct on its side. */
#include "table.h"

int entry_lookup(struct entry *e)
{
	if (!smp_load_acquire(&e->valid)) // expect-note[pair-missing-release] {{entry_lookup() reads 'entry.valid' here}}
		return -1;
	return e->key; // expect-note[pair-missing-release] {{then reads 'entry.key' here}}
}
