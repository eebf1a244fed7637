// SPDX-License-Identifier: GPL-2.0
/* A barrier helper, in a translation unit of its own. */
#include "cfg.h"
// expect-no-diagnostics

void job_sync(void)
{
	smp_mb();
}
