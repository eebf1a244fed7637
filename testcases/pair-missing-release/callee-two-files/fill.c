// SPDX-License-Identifier: GPL-2.0
/* The helper that stores the data, in a translation unit of its own. */
#include "cfg.h"

void cfg_fill(struct cfg *c, int v)
{
	c->data = v; // expect-note[pair-missing-release] {{cfg_fill() writes 'cfg.data' here}}
}
