// SPDX-License-Identifier: GPL-2.0
/* mb-before-atomic: what must stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>

struct obj {
	atomic_t refs;
	unsigned long flags;
	int data;
};

void unrelated(void);

/* the kernel's "put" idiom: smp_mb__before_atomic(); atomic_dec() */
void good_put(struct obj *o)
{
	WRITE_ONCE(o->data, 0);
	smp_mb__before_atomic();
	atomic_dec(&o->refs);
}

void good_store_between(struct obj *o)
{
	smp_mb();
	WRITE_ONCE(o->data, 1);
	atomic_dec(&o->refs);
}

void good_branch_between(struct obj *o, int c)
{
	smp_mb();
	if (c)
		atomic_dec(&o->refs);
}

void good_call_between(struct obj *o)
{
	smp_mb();
	unrelated();
	atomic_dec(&o->refs);
}
