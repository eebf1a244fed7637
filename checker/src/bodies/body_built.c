// SPDX-License-Identifier: GPL-2.0
/*
 * Which header functions this worker has built (bodies.h): one that names
 * a primitive is blanked only once it has, for the walk puts the copy it
 * kept of that build in its place (phantom.c).
 */
#include <stdlib.h>
#include <string.h>

#include "../events/cursor.h"
#include "../events/events.h"
#include "../events/lex.h"
#include "../util.h"
#include "bodies.h"

void bodies_note_built(struct body_memo *m, const char *path,
		       const struct function_ir *fn)
{
	int k = bodies_file_find(m, path);
	unsigned i;

	if (k < 0 || !fn->span.end_off)
		return;
	/* the function whose body ends where @fn's text does */
	i = bodies_fn_after(m, (unsigned)k, fn->span.end_off - 1);
	if (i < m->files[k].fn0 + m->files[k].nfns &&
	    m->fns[i].hi == fn->span.end_off)
		m->fns[i].built = true;
}
