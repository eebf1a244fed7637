// SPDX-License-Identifier: GPL-2.0
/* The reader: an acquire of the flag, then the data. */
#include "cfg.h"

int cfg_consume(struct cfg *c)
{
	if (!smp_load_acquire(&c->ready)) // expect-note[pair-missing-release] {{cfg_consume() reads 'cfg.ready' here}}
		return -1;
	return c->data; // expect-note[pair-missing-release] {{then reads 'cfg.data' here}}
}
