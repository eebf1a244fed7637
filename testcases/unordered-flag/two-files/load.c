// SPDX-License-Identifier: GPL-2.0
/* the writer: data, then the flag, nothing between */
#include "dev.h"

void fw_load(struct fw *f, long base)
{
	f->base = base; // expect-note[unordered-flag] {{fw_load() stores 'fw.base' here}}
	WRITE_ONCE(f->loaded, 1); // expect-warning[unordered-flag] {{'fw.loaded' is stored after 'fw.base' and fw_base() reads 'fw.base' after testing 'fw.loaded'}}
}
