// SPDX-License-Identifier: GPL-2.0
/* The helper that stores the data, in a translation unit of its own. */
#include "cfg.h"
// expect-no-diagnostics

void cfg_fill(struct cfg *c, int v)
{
	c->data = v;
}
