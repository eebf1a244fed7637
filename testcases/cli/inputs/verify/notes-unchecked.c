// SPDX-License-Identifier: GPL-2.0
/* --verify: the file opts out of checking its notes, with a reason */
#include <ordercheck/linux.h>
// expect-notes-unchecked: notes.c expects this note

void obj_get(atomic_t *refs)
{
	atomic_inc(refs);
	smp_mb(); // expect-warning[mb-after-atomic] {{use smp_mb__after_atomic()}}
}
