/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Only pasted.c includes it, and is parsed twice: the finding here must
 * come out of the second analysis, not be taken as given by the first.
 */
#include "blank.h"

static inline void late_barrier(struct blank *b)
{
	atomic_inc(&b->refs);
	smp_mb();
}
