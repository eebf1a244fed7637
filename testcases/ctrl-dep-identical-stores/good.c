// SPDX-License-Identifier: GPL-2.0
/* ctrl-dep-identical-stores: what must stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>

int a, b;
void do_something(void);
void do_something_else(void);

/* control-dependencies.txt: the fix, a release in both legs */
void good_release(void)
{
	int q = READ_ONCE(a);

	if (q) {
		smp_store_release(&b, 1);
		do_something();
	} else {
		smp_store_release(&b, 1);
		do_something_else();
	}
}

/* different values: the compiler cannot merge them */
void good_different(void)
{
	int q = READ_ONCE(a);

	if (q) {
		WRITE_ONCE(b, 1);
		do_something();
	} else {
		WRITE_ONCE(b, 2);
		do_something_else();
	}
}

/* an acquire heads it: nothing rests on the control dependency */
void good_acquire(void)
{
	if (smp_load_acquire(&a))
		WRITE_ONCE(b, 1);
	else
		WRITE_ONCE(b, 1);
}
