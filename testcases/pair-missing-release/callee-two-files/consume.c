// SPDX-License-Identifier: GPL-2.0
/* The reader: an acquire of the flag, then the data. */
#include "cfg.h"
// expect-no-diagnostics

int cfg_consume(struct cfg *c)
{
	if (!smp_load_acquire(&c->ready))
		return -1;
	return c->data;
}
