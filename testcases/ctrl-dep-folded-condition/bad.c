// SPDX-License-Identifier: GPL-2.0
/* ctrl-dep-folded-condition: the compiler decides the condition. */
#include <ordercheck/linux.h>

#define MAX 1
#define CONFIG_FOO_ENABLED 1

int a, b;
void do_something(void);
void do_something_else(void);

/* control-dependencies.txt: q % MAX with MAX == 1 */
void bad_modulo(void)
{
	int q = READ_ONCE(a); // expect-note {{the load it depended on}}

	if (q % MAX) { // expect-note {{the 'if' whose branch vanishes}}
		WRITE_ONCE(b, 1);
		do_something();
	} else {
		WRITE_ONCE(b, 2); // expect-warning[ctrl-dep-folded-condition] {{the condition 'q % MAX' is always false to the compiler, so WRITE_ONCE(b, 2) runs unconditionally}}
		do_something_else();
	}
}

void bad_or_true(void)
{
	if (READ_ONCE(a) || CONFIG_FOO_ENABLED) // expect-note[ctrl-dep-folded-condition] {{the 'if' whose branch vanishes}} expect-note[ctrl-dep-folded-condition] {{the load it depended on}}
		WRITE_ONCE(b, 3); // expect-warning[ctrl-dep-folded-condition] {{is always true to the compiler}}
}

/* a range the compiler can prove */
void bad_range(void)
{
	unsigned int q = READ_ONCE(a); // expect-note[ctrl-dep-folded-condition] {{the load it depended on}}

	if ((q & 3) <= 3) // expect-note[ctrl-dep-folded-condition] {{the 'if' whose branch vanishes}}
		WRITE_ONCE(b, 4); // expect-warning[ctrl-dep-folded-condition] {{'(q & 3) <= 3' is always true}}
}

void bad_self(void)
{
	int q = READ_ONCE(a); // expect-note[ctrl-dep-folded-condition] {{the load it depended on}}

	if (q - q) // expect-note[ctrl-dep-folded-condition] {{the 'if' whose branch vanishes}}
		do_something();
	else
		WRITE_ONCE(b, 5); // expect-warning[ctrl-dep-folded-condition] {{'q - q' is always false}}
}
