// SPDX-License-Identifier: GPL-2.0
/*
 * the reader, whose comment says what it relies on: that comment makes
 * the writer's finding a warning (without it, a remark)
 */
#include "dev.h"
// expect-no-diagnostics

long fw_base(struct fw *f)
{
	/* base is visible once loaded is set */
	if (READ_ONCE(f->loaded))
		return f->base;
	return 0;
}
