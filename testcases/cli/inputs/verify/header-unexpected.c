// SPDX-License-Identifier: GPL-2.0
/* --verify: the finding in header-unexpected.h fails the run */
#include "header-unexpected.h"
// expect-no-diagnostics

void user(atomic_t *refs)
{
	obj_get(refs);
}
