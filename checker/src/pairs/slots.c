// SPDX-License-Identifier: GPL-2.0
#include "slots.h"

#include <stdlib.h>
#include <string.h>

static void slot_fns_free(void *p)
{
	struct slot_fns *st = p;

	free(st->v);
	free(st);
}

struct strmap *slots_new(const struct fact_set *s)
{
	struct strmap *m = strmap_new();
	struct slot_fns *st;
	unsigned b, f, k;
	bool added;

	for (b = 0; b < s->nbinds; b++) {
		const char *slot = s->binds[b].slot;
		struct slot_fns **x = (struct slot_fns **)strmap_slot(
			m, slot, strlen(slot), &added);

		if (added)
			*x = xcalloc(1, sizeof(**x));
		/* doubling: an ops field that hundreds of tables fill */
		if (!((*x)->n & ((*x)->n - 1)))
			(*x)->v =
				xrealloc((*x)->v, ((*x)->n ? 2 * (*x)->n : 1) *
							  sizeof(unsigned));
		(*x)->v[(*x)->n++] = b;
	}
	for (f = 0; f < s->nfns; f++)
		for (k = 0; k < s->fns[f].n; k++)
			if ((st = slots_called(m, &s->fns[f].v[k])))
				st->called = true;
	return m;
}

void slots_free(struct strmap *m)
{
	strmap_free(m, slot_fns_free);
}
