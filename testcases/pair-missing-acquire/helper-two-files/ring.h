/* SPDX-License-Identifier: GPL-2.0 */
/* The object both sides share, and the helper that reads its flag. */
#include <ordercheck/linux.h>

struct ring {
	int slot;
	int head;
};

int ring_head(struct ring *r);
