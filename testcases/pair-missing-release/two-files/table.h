/* SPDX-License-Identifier: GPL-2.0 */
/* The object both files share: a published table entry. */
#include <ordercheck/linux.h>

struct entry {
	int key;
	int valid;
};

void entry_fill(struct entry *e, int key);
int entry_lookup(struct entry *e);
