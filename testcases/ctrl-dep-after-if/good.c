// SPDX-License-Identifier: GPL-2.0
/* ctrl-dep-after-if: what must stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>

int a, b, c, d;

/* the fix: a release orders it after the load */
void good_release(void)
{
	int q = READ_ONCE(a);

	if (q)
		WRITE_ONCE(b, 1);
	else
		WRITE_ONCE(c, 1);
	smp_store_release(&d, 1);
}

/* only one leg: nothing says the later store leans on the if */
void good_one_leg(void)
{
	if (READ_ONCE(a))
		WRITE_ONCE(b, 1);
	WRITE_ONCE(d, 1);
}

/* in both legs: ordered */
void good_in_legs(void)
{
	if (READ_ONCE(a)) {
		WRITE_ONCE(b, 1);
		WRITE_ONCE(d, 1);
	} else {
		WRITE_ONCE(c, 1);
		WRITE_ONCE(d, 2);
	}
}
