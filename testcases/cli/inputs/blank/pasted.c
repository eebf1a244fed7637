// SPDX-License-Identifier: GPL-2.0
#include "blank.h"
#include "late.h"
void pasted(struct blank *b)
{
	CAT(inc_, pasted)(b);
	smp_mb();
}
