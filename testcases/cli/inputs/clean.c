// SPDX-License-Identifier: GPL-2.0
#include <ordercheck/linux.h>
int x;
void clean(void) { WRITE_ONCE(x, 1); smp_mb__before_atomic(); atomic_inc((atomic_t *)&x); }
