// SPDX-License-Identifier: GPL-2.0
/*
 * a reader of the stamp that never looks the entry up on the RCU list:
 * it is handed an entry its caller holds (a reference, the owner's), so
 * the publication does not make the entry reachable to it
 */
#include <ordercheck/linux.h>

#include "entry.h"

unsigned long entry_age(struct entry *e, unsigned long now)
{
	return now - e->stamp;
}
