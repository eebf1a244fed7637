// SPDX-License-Identifier: GPL-2.0
/* Does not parse; the function before the error is still checked. */
#include <ordercheck/linux.h>

struct obj {
	atomic_t refs;
};

void checked(struct obj *o)
{
	atomic_inc(&o->refs);
	smp_mb();
}

void broken(struct obj *o)
{
	undeclared_function_call(o) +;
}
