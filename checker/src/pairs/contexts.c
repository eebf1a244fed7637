// SPDX-License-Identifier: GPL-2.0
/*
 * Contexts: for each function name, the one single-threaded entry every
 * path into it starts from, found by a fixpoint over the tree's calls,
 * direct and through the slots functions are stored in (bindings).
 * A name's value only rises: unseen, then one entry, then "many" (two
 * entries, or a caller we cannot see), so the rounds end.
 */
#include "contexts.h"

#include <stdlib.h>
#include <string.h>

#include "slots.h"

/*
 * Where storing a function makes it a single-threaded entry: the kernel
 * never runs one work item, one kthread, one timer or one tasklet on two
 * CPUs at once (workqueue.h: a work item is non-reentrant). Not per-CPU
 * threads (kthread_create_on_cpu(), smpboot): one per CPU, side by side.
 */
static const struct {
	const char *slot, *kind;
} entries[] = {
	{ "field:struct work_struct.func", "a work item" },
	{ "arg:kthread_create_on_node#0", "a kthread" },
	{ "arg:init_timer_key#1", "a timer" },
	{ "field:struct timer_list.function", "a timer" },
	{ "field:struct hrtimer.function", "an hrtimer" },
	{ "arg:tasklet_setup#1", "a tasklet" },
	{ "arg:tasklet_init#1", "a tasklet" },
};

enum { ROUNDS = 16 };

static const char MANY[] = "many";

struct ctx {
	const char *entry; /* NULL: unseen yet; MANY; else the entry's name */
	const char *kind; /* of the entry this name is (entries[]), or NULL */
	bool outside; /* stored where no call of the tree reads it */
	/* the functions that call it, by index into the set */
	unsigned *callers, ncallers;
};

struct contexts {
	const struct fact_set *set;
	struct strmap *by_name; /* function name -> struct ctx */
};

static struct ctx *ctx_of(struct contexts *c, const char *name)
{
	struct ctx **x;
	bool added;

	x = (struct ctx **)strmap_slot(c->by_name, name, strlen(name), &added);
	if (added)
		*x = xcalloc(1, sizeof(**x));
	return *x;
}

static void add_caller(struct contexts *c, const char *callee, unsigned fn)
{
	struct ctx *x = ctx_of(c, callee);

	/* doubling: a helper called from thousands of places */
	if (!(x->ncallers & (x->ncallers - 1)))
		x->callers = xrealloc(x->callers,
				      (x->ncallers ? 2 * x->ncallers : 1) *
					      sizeof(unsigned));
	x->callers[x->ncallers++] = fn;
}

static const char *entry_kind(const char *slot)
{
	unsigned i;

	for (i = 0; i < sizeof(entries) / sizeof(entries[0]); i++)
		if (!strcmp(entries[i].slot, slot))
			return entries[i].kind;
	return NULL;
}

static void graph(struct contexts *c)
{
	const struct fact_set *s = c->set;
	struct strmap *by_slot = slots_new(s);
	const struct slot_fns *st;
	unsigned f, k, b;

	for (b = 0; b < s->nbinds; b++) {
		const struct fact_binding *bd = &s->binds[b];
		const char *kind = entry_kind(bd->slot);
		struct ctx *x = ctx_of(c, bd->fn);

		if (kind) {
			if (!x->kind)
				x->kind = kind;
		} else if (!((const struct slot_fns *)strmap_get(by_slot,
								 bd->slot))
				    ->called) {
			x->outside = true;
		}
	}
	/*
	 * A call through a slot is a caller of each function stored there;
	 * not through an entry's slot: the dispatcher's call is the entry
	 */
	for (f = 0; f < s->nfns; f++)
		for (k = 0; k < s->fns[f].n; k++) {
			const struct fact *x = &s->fns[f].v[k];

			if (x->op != FO_CALL || !x->name[0])
				continue;
			if (x->name[0] != '*') {
				add_caller(c, x->name, f);
				continue;
			}
			if (!(st = slots_called(by_slot, x)) ||
			    entry_kind(x->name + 1))
				continue;
			for (b = 0; b < st->n; b++)
				add_caller(c, s->binds[st->v[b]].fn, f);
		}
	slots_free(by_slot);
}

/* One entry joined with another: the same one stays, two are many. */
static const char *join(const char *a, const char *b)
{
	if (!a)
		return b;
	if (!b)
		return a;
	return a == b ? a : MANY;
}

static void settle(struct contexts *c)
{
	const struct fact_set *s = c->set;
	unsigned round, f, k;
	bool changed = true;

	for (round = 0; round < ROUNDS && changed; round++) {
		changed = false;
		for (f = 0; f < s->nfns; f++) {
			const char *name = s->fns[f].name;
			struct ctx *x = ctx_of(c, name);
			const char *e = x->kind ? name : NULL;

			if (x->outside || (!x->kind && !x->ncallers))
				e = MANY;
			for (k = 0; k < x->ncallers && e != MANY; k++) {
				const struct ctx *y =
					ctx_of(c, s->fns[x->callers[k]].name);

				e = join(e, y->entry);
			}
			e = join(x->entry, e);
			if (e != x->entry) {
				x->entry = e;
				changed = true;
			}
		}
	}
	/* what is still moving after the last round may be anything */
	if (changed)
		for (f = 0; f < s->nfns; f++)
			ctx_of(c, s->fns[f].name)->entry = MANY;
}

static void ctx_free(void *p)
{
	struct ctx *x = p;

	free(x->callers);
	free(x);
}

void facts_contexts(struct fact_set *s)
{
	struct contexts c = { .set = s, .by_name = strmap_new() };
	const struct ctx *x, *e;
	unsigned f;

	graph(&c);
	settle(&c);
	for (f = 0; f < s->nfns; f++) {
		x = strmap_get(c.by_name, s->fns[f].name);
		s->fns[f].entry = s->fns[f].entry_kind = NULL;
		if (!x || !x->entry || x->entry == MANY)
			continue;
		e = strmap_get(c.by_name, x->entry);
		s->fns[f].entry = x->entry;
		s->fns[f].entry_kind = e && e->kind ? e->kind : "an entry";
	}
	strmap_free(c.by_name, ctx_free);
}
