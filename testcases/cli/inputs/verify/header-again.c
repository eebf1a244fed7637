// SPDX-License-Identifier: GPL-2.0
/* --verify: a second file of the case includes header.h too */
#include "header.h"
// expect-no-diagnostics

void other_user(atomic_t *refs)
{
	obj_get(refs);
}
