// SPDX-License-Identifier: GPL-2.0
/* ctrl-dep-after-if: control-dependencies.txt, the store after the if. */
#include <ordercheck/linux.h>

int a, b, c, d;

void bad_after(void)
{
	int q = READ_ONCE(a); // expect-note {{the load the branch depends on}}

	if (q)
		WRITE_ONCE(b, 1); // expect-note {{the legs end in ordered stores}}
	else
		WRITE_ONCE(c, 1);
	WRITE_ONCE(d, 1); // expect-warning[ctrl-dep-after-if] {{WRITE_ONCE(d, 1) after the 'if' on READ_ONCE(a) is not ordered after that load}}
}
