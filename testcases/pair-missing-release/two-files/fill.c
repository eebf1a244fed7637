// SPDX-License-Identifier: GPL-2.0
/* The writer: its reader in lookup.c orders, this side does not. */
#include "table.h"

void entry_fill(struct entry *e, int key)
{
	e->key = key; // expect-note[pair-missing-release] {{entry_fill() stores 'entry.key' here}}
	WRITE_ONCE(e->valid, 1); // expect-warning[pair-missing-release] {{'entry.valid' is stored after 'entry.key' with nothing ordering the two stores, but entry_lookup() reads them in the other order}} expect-note[pair-missing-release] {{then stores 'entry.valid' here}}
}
