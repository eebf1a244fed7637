// SPDX-License-Identifier: GPL-2.0
/* ctrl-dep-folded-condition: what must stay quiet. */
// expect-no-diagnostics
#include <ordercheck/linux.h>

#define MAX 4
#define CONFIG_DEBUG_ENABLED 0

int a, b;
void do_something(void);

void good_real_condition(void)
{
	int q = READ_ONCE(a);

	if (q % MAX)
		WRITE_ONCE(b, 1);
}

/* a leg that can never run orders nothing: configuration code */
void good_config_off(void)
{
	if (CONFIG_DEBUG_ENABLED && READ_ONCE(a))
		WRITE_ONCE(b, 2);
}

/* no load in the condition: no control dependency to lose */
void good_no_load(int x)
{
	if (x || 1)
		WRITE_ONCE(b, 3);
}

void good_range(void)
{
	unsigned int q = READ_ONCE(a);

	if ((q & 3) > 2)
		WRITE_ONCE(b, 4);
}
