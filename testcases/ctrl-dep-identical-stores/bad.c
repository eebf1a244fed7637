// SPDX-License-Identifier: GPL-2.0
/* ctrl-dep-identical-stores: control-dependencies.txt, "identical stores". */
#include <ordercheck/linux.h>

int a, b;
void do_something(void);
void do_something_else(void);

void bad_hoisted(void)
{
	int q = READ_ONCE(a); // expect-note {{the load the branch depends on}}

	if (q) {
		barrier(); /* does not stop the compiler from merging */
		WRITE_ONCE(b, 1); // expect-warning[ctrl-dep-identical-stores] {{both legs of the 'if' on READ_ONCE(a) start with the same store WRITE_ONCE(b, 1)}}
		do_something();
	} else {
		barrier();
		WRITE_ONCE(b, 1); // expect-note {{the same store in the other leg}}
		do_something_else();
	}
}

void bad_sunk(void)
{
	if (READ_ONCE(a)) { // expect-note[ctrl-dep-identical-stores] {{the load the branch depends on}}
		do_something();
		WRITE_ONCE(b, 2); // expect-warning[ctrl-dep-identical-stores] {{end with the same store WRITE_ONCE(b, 2); the compiler may sink it below the branch}}
	} else {
		do_something_else();
		WRITE_ONCE(b, 2); // expect-note[ctrl-dep-identical-stores] {{the same store in the other leg}}
	}
}

atomic_t flag;
atomic_t done;

/* single-statement legs, the kernel's atomic_t accessors */
void bad_braceless(void)
{
	if (atomic_read(&flag) > 0) // expect-note {{the load the branch depends on}}
		atomic_set(&done, 1); // expect-warning[ctrl-dep-identical-stores] {{start with the same store atomic_set(&done, 1)}}
	else
		atomic_set(&done, 1); // expect-note {{the same store in the other leg}}
}
