// SPDX-License-Identifier: GPL-2.0
#include "blank.h"
void prefixed(struct blank *b)
{
	CALL_INC(prefixed)(b);
	smp_mb();
}
