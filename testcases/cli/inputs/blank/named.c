// SPDX-License-Identifier: GPL-2.0
#include "blank.h"
void named(struct blank *b)
{
	inc_named(b);
	smp_mb();
}
