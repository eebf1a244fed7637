// SPDX-License-Identifier: GPL-2.0
/*
 * Callee summaries: a call of a function defined in this TU (the kernel's
 * static inline wrappers) seen as the events its body starts and ends with.
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"

static bool list_has_rmw(const struct evlist *l)
{
	unsigned i, j;
	const struct event *e;

	evlist_for_each(l, i, e) {
		if (events_is_lkmm_rmw(e) ||
		    (e->type == EV_CALL && e->callee_rmw))
			return true;
		for (j = 0; j < e->nlegs; j++)
			if (list_has_rmw(&e->legs[j]))
				return true;
	}
	return false;
}

static void unclaim(struct macro_exp ***v, unsigned *n, struct macro_exp *m)
{
	if (!m->claimed || !m->prim ||
	    (m->prim->kind != K_FENCE && m->prim->kind != K_MODIFIER))
		return;
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = m;
	m->claimed = false;
}

/*
 * The fences written in @bc that are claimed already: the callee's own
 * build, when its definition comes before the caller, made their events.
 * Unclaimed for the summary's visit, so that it sees smp_mb() or
 * smp_wmb() and not what they expand to (a callee defined after its
 * caller is summarised first and always did); @n of them, claimed again
 * by the caller. Only fences: the accesses keep what they were (the
 * callee stores publish-then-init judges), to be made whole apart.
 */
static struct macro_exp **unclaim_body(struct builder *b, CXCursor bc,
				       unsigned *n)
{
	struct floc s = text_extent_start(b, bc);
	struct floc e = text_extent_end(b, bc);
	struct macro_exp **v = NULL;
	unsigned i, j;

	*n = 0;
	for (i = macros_from(&b->macros, s.file, s.off); i < b->macros.n; i++) {
		struct macro_exp *m = &b->macros.v[i];

		if (m->file != s.file || m->off >= e.off)
			break;
		unclaim(&v, n, m);
		for (j = 0; j < m->nplan; j++)
			unclaim(&v, n, m->plan[j]);
	}
	return v;
}

/*
 * Visit the body @bc of a callee into @body with a builder state of its
 * own: its locals, def-use and claims are not the caller's.
 */
static void visit_callee(struct builder *b, CXCursor bc, struct evlist *body)
{
	struct evlist *saved_cur = b->cur;
	struct event *saved_parent = b->parent, *saved_ev = b->inside_ev;
	struct macro_exp *saved_inside = b->inside;
	struct srcset *saved_coll = b->coll;
	struct local_val *saved_locals = b->locals;
	unsigned saved_flags = b->flags, saved_nlocals = b->nlocals;
	unsigned claims0 = b->nclaims;
	bool saved_loc = b->in_loc, saved_seen = b->loc_seen;
	unsigned i, nre;
	struct macro_exp **re = unclaim_body(b, bc, &nre);

	b->coll = NULL;
	b->locals = NULL;
	b->nlocals = 0;
	b->depth++;
	b->cur = body;
	b->parent = NULL;
	b->flags = 0;
	b->inside = NULL;
	b->inside_ev = NULL;
	b->in_loc = false;
	b->loc_seen = false;
	visit(b, bc, CTX_LOAD);
	b->depth--;
	while (b->nclaims > claims0)
		b->claims[--b->nclaims]->claimed = false;
	for (i = 0; i < nre; i++)
		re[i]->claimed = true;
	free(re);
	b->in_loc = saved_loc;
	b->loc_seen = saved_seen;
	defuse_locals_reset(b);
	free(b->locals);
	b->locals = saved_locals;
	b->nlocals = saved_nlocals;
	b->coll = saved_coll;
	b->cur = saved_cur;
	b->parent = saved_parent;
	b->flags = saved_flags;
	b->inside = saved_inside;
	b->inside_ev = saved_ev;
}

/* @body and @def's parameter names, in the arena, for rules that read them. */
static void keep_body(struct builder *b, struct summary *sm, CXCursor def,
		      const struct evlist *body)
{
	struct evlist *kept = arena_alloc(&b->arena, sizeof(*kept));
	int i, n = clang_Cursor_getNumArguments(def);

	if (body->n) {
		kept->v = arena_alloc(&b->arena, body->n * sizeof(*kept->v));
		memcpy(kept->v, body->v, body->n * sizeof(*kept->v));
		kept->n = kept->cap = body->n;
	}
	sm->body = kept;
	if (n <= 0)
		return;
	sm->params = arena_alloc(&b->arena, (size_t)n * sizeof(*sm->params));
	for (i = 0; i < n; i++) {
		char *s = cursor_spelling(
			clang_Cursor_getArgument(def, (unsigned)i));

		sm->params[i] = arena_strdup(&b->arena, s);
		free(s);
	}
	sm->nparams = (unsigned)n;
}

static unsigned sum_slot(const struct builder *b, CXFile f, unsigned off)
{
	uintptr_t k = (uintptr_t)f * 31u + off;

	return (unsigned)(k ^ (k >> 17)) * 2654435761u & (b->sum_hash_cap - 1);
}

/* The summary of the definition at @f:@off, or NULL. */
static struct summary *sum_find(const struct builder *b, CXFile f, unsigned off)
{
	unsigned h;

	if (!b->sum_hash_cap)
		return NULL;
	for (h = sum_slot(b, f, off); b->sum_hash[h];
	     h = (h + 1) & (b->sum_hash_cap - 1)) {
		struct summary *sm = &b->summaries[b->sum_hash[h] - 1];

		if (sm->file == f && sm->off == off)
			return sm;
	}
	return NULL;
}

static void sum_index(struct builder *b)
{
	unsigned i, h;

	if (b->nsummaries * 2 >= b->sum_hash_cap) {
		b->sum_hash_cap = b->sum_hash_cap ? b->sum_hash_cap * 2 : 64;
		free(b->sum_hash);
		b->sum_hash = xcalloc(b->sum_hash_cap, sizeof(*b->sum_hash));
		for (i = 0; i + 1 < b->nsummaries; i++) {
			for (h = sum_slot(b, b->summaries[i].file,
					  b->summaries[i].off);
			     b->sum_hash[h];
			     h = (h + 1) & (b->sum_hash_cap - 1))
				;
			b->sum_hash[h] = i + 1;
		}
	}
	i = b->nsummaries - 1;
	for (h = sum_slot(b, b->summaries[i].file, b->summaries[i].off);
	     b->sum_hash[h]; h = (h + 1) & (b->sum_hash_cap - 1))
		;
	b->sum_hash[h] = i + 1;
}

bool summary_known(const struct builder *b, CXFile f, unsigned off)
{
	return sum_find(b, f, off) != NULL;
}

struct summary *summary_new(struct builder *b)
{
	struct summary *sm;

	if (b->nsummaries == b->summaries_cap) {
		b->summaries_cap = b->summaries_cap ? b->summaries_cap * 2 : 64;
		b->summaries = xrealloc(
			b->summaries, b->summaries_cap * sizeof(*b->summaries));
	}
	sm = &b->summaries[b->nsummaries++];
	memset(sm, 0, sizeof(*sm));
	return sm;
}

/* A callee without a definition: a memo may see the main file define it. */
static void undefined(struct builder *b, CXCursor callee)
{
	char *name;

	if (!b->hooks || !b->hooks->undefined || clang_Cursor_isNull(callee))
		return;
	name = cursor_spelling(callee);
	b->hooks->undefined(b->hooks_ctx, name);
	free(name);
}

/* A memo's summary of the definition at @f:@off, appended, or NULL. */
static struct summary *kept_summary(struct builder *b, CXFile f, unsigned off)
{
	const struct summary *kept =
		b->hooks && b->hooks->summary && f ?
			b->hooks->summary(b->hooks_ctx, f, off) :
			NULL;
	struct summary *sm;

	if (!kept)
		return NULL;
	sm = summary_new(b);
	*sm = *kept;
	sm->file = f;
	return sm;
}

/*
 * The effects record of a summary just made: its taint, and the reads
 * from @reads0 on of the build under way, which are its.
 */
static struct build_effects *summary_effects(struct builder *b, unsigned reads0)
{
	struct build_effects *fx = arena_alloc(&b->arena, sizeof(*fx));

	memset(fx, 0, sizeof(*fx));
	fx->fn = b->fx.fn;
	fx->taint = b->fx.taint;
	if (b->fx.nreads > reads0) {
		b->fx.nreads = reads0 + text_spans_merge(b->fx.reads + reads0,
							 b->fx.nreads - reads0);
		fx->nreads = b->fx.nreads - reads0;
		fx->reads =
			arena_alloc(&b->arena, fx->nreads * sizeof(*fx->reads));
		memcpy(fx->reads, b->fx.reads + reads0,
		       fx->nreads * sizeof(*fx->reads));
	}
	return fx;
}

/*
 * The summary of the function @call calls, if it is defined in this TU,
 * or NULL. Events made here go into a list of their own, kept until the
 * TU is freed: they are not the caller's.
 */
struct summary *summary_of(struct builder *b, CXCursor call)
{
	CXCursor callee = clang_getCursorReferenced(call);
	CXCursor def = clang_getCursorDefinition(callee);
	struct floc at;
	struct summary *sm;
	struct evlist body = { 0 };
	unsigned i, n, reads0, taint;
	CXCursor bc;

	if (b->depth >= 3)
		return NULL;
	if (clang_Cursor_isNull(def)) {
		undefined(b, callee);
		return NULL;
	}
	at = text_loc(clang_getCursorLocation(def));
	sm = sum_find(b, at.file, at.off);
	if (sm) {
		if (sm->done && sm->fx)
			b->fx.taint |= sm->fx->taint;
		for (i = 0; sm->fx && i < sm->fx->nreads; i++)
			effects_read(b, sm->fx->reads[i].lo,
				     sm->fx->reads[i].hi);
		return sm->done ? sm : NULL;
	}
	if (body_was_blanked(b, at))
		return NULL;
	/* one a function the memo kept made */
	sm = kept_summary(b, at.file, at.off);
	if (sm) {
		sum_index(b);
		return sm;
	}
	bc = cursor_body(def);
	if (clang_Cursor_isNull(bc))
		return NULL;
	i = (unsigned)(summary_new(b) - b->summaries);
	b->summaries[i].file = at.file;
	b->summaries[i].off = at.off;
	sum_index(b);
	/* what it reads is read by the build under way too */
	taint = b->fx.taint;
	b->fx.taint = b->hooks && b->hooks->taint ?
			      b->hooks->taint(b->hooks_ctx, at.file) :
			      0;
	reads0 = b->fx.nreads;
	if (at.file && at.file == b->main_file)
		effects_read(b, text_extent_start(b, def).off,
			     text_extent_end(b, def).off);
	visit_callee(b, bc, &body);
	sm = &b->summaries[i];
	if (effects_on(b))
		sm->fx = summary_effects(b, reads0);
	b->fx.taint |= taint;
	/* a trailing "return x;" is not what the wrapper ends with */
	n = body.n;
	while (n && body.v[n - 1]->type == EV_JUMP &&
	       !strcmp(body.v[n - 1]->name, "return"))
		n--;
	sm->rmw = list_has_rmw(&body);
	if (n) {
		sm->first = events_through_call(body.v[0], false);
		sm->last = events_through_call(body.v[n - 1], true);
	}
	keep_body(b, sm, def, &body);
	sm->done = true;
	for (i = 0; i < body.n; i++)
		event_push(&b->kept, body.v[i]);
	free(body.v);
	return sm;
}
