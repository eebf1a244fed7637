// SPDX-License-Identifier: GPL-2.0
/* --verify: the unmet expectation in header-unmet.h fails the run */
#include "header-unmet.h"
// expect-no-diagnostics

void user(atomic_t *refs)
{
	obj_put(refs);
}
