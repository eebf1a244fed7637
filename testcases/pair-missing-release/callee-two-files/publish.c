// SPDX-License-Identifier: GPL-2.0
/*
 * The writer: its data store is cfg_fill()'s, in fill.c; the flag store
 * after it is not ordered, which the reader in consume.c relies on.
 */
#include "cfg.h"

void cfg_publish(struct cfg *c, int v)
{
	cfg_fill(c, v); // expect-note {{'cfg.data' is written in cfg_fill() called here (depth 1)}} expect-note[pair-missing-release] {{cfg_publish() stores 'cfg.data' here}}
	WRITE_ONCE(c->ready, 1); // expect-warning[pair-missing-release] {{'cfg.ready' is stored after 'cfg.data' with nothing ordering the two stores, but cfg_consume() reads them in the other order}} expect-note[pair-missing-release] {{then stores 'cfg.ready' here}}
}
