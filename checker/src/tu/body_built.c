// SPDX-License-Identifier: GPL-2.0
/*
 * Which header functions this worker has built (bodies.h): one that names
 * a primitive is blanked only once it has, for the walk puts the copy it
 * kept of that build in its place (events/phantom.c).
 */
#include <stdlib.h>
#include <string.h>

#include "../events/builder.h"
#include "bodies.h"

/* The memo's function whose body ends at @end of the file @path, or NULL */
static struct body_fn *fn_ending(struct body_memo *m, const char *path,
				 unsigned end)
{
	int k = bodies_file_find(m, path);
	const struct body_file *bf;
	unsigned lo, hi, mid;

	if (k < 0)
		return NULL;
	bf = &m->files[k];
	lo = bf->fn0;
	hi = bf->fn0 + bf->nfns;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (m->fns[mid].hi < end)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < bf->fn0 + bf->nfns && m->fns[lo].hi == end ? &m->fns[lo] :
								 NULL;
}

void bodies_note_built(struct body_memo *m, const char *path,
		       const struct function_ir *fn)
{
	struct body_fn *f = fn_ending(m, path, fn->span.end_off);

	if (f)
		f->built = true;
}
