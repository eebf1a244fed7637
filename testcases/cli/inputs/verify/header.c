// SPDX-License-Identifier: GPL-2.0
/* --verify: the finding in header.h is met by header.h's expectations */
#include "header.h"
// expect-no-diagnostics

void user(atomic_t *refs)
{
	obj_get(refs);
}
