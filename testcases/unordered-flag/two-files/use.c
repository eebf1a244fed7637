// SPDX-License-Identifier: GPL-2.0
/*
 * the reader, whose comment says what it relies on: that comment makes
 * the writer's finding a warning (without it, a remark)
 */
#include "dev.h"

long fw_base(struct fw *f)
{
	/* base is visible once loaded is set */
	if (READ_ONCE(f->loaded)) // expect-note[unordered-flag] {{fw_base() tests 'fw.loaded' here}} expect-note[unordered-flag] {{a comment beside the flag speaks of ordering}}
		return f->base; // expect-note[unordered-flag] {{then reads 'fw.base' here}}
	return 0;
}
