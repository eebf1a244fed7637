// SPDX-License-Identifier: GPL-2.0
/*
 * Control dependencies the compiler or the CPU can break: a marked load
 * orders a later store in a leg of an `if` on its value, and nothing else
 * (tools/memory-model/Documentation/control-dependencies.txt;
 * docs/ordering-semantics.md, "2. Control dependencies").
 */
#include <string.h>

#include "../events/keys.h"
#include "../pairs/litmus.h"
#include "common.h"

struct scan {
	struct rule_ctx *ctx;
	const struct rule *self;
	const struct function_ir *fn;
};

/* ---- what a condition depends on ---- */

/* The marked load heading the dependency; NULL if none, or if an acquire
 * among the condition's loads orders everything anyway. */
static const struct event *ctrl_head(const struct event *br)
{
	const struct event *head = NULL;
	unsigned i;

	if (br->type != EV_BRANCH && br->type != EV_LOOP)
		return NULL;
	for (i = 0; i < br->ndeps; i++) {
		const struct event *d = br->deps[i];

		if (rule_is_acquire_like(d))
			return NULL;
		if (!head && d->cls != OC_PLAIN && d->cls != OC_NONE)
			head = d;
	}
	return head;
}

static const struct event *plain_head(const struct event *br)
{
	unsigned i;

	for (i = 0; i < br->ndeps; i++)
		if (br->deps[i]->cls == OC_PLAIN && !br->deps[i]->prim &&
		    br->deps[i]->kind == K_LOAD)
			return br->deps[i];
	return NULL;
}

static bool is_store(const struct event *e)
{
	return e && e->type == EV_ACCESS && e->kind == K_STORE;
}

static bool is_marked_store(const struct event *e)
{
	return is_store(e) && e->cls != OC_PLAIN;
}

/*
 * A compiler barrier does not stop the compiler from merging stores, and
 * the loads computing a primitive's location belong to it.
 */
static bool is_cbar(const struct event *e)
{
	return (e->type == EV_FENCE && e->cls == OC_CBAR) ||
	       (e->flags & EVF_IN_LOC);
}

static const struct event *first_event(const struct evlist *l)
{
	unsigned i;

	for (i = 0; i < l->n; i++)
		if (!is_cbar(l->v[i]))
			return l->v[i];
	return NULL;
}

static const struct event *last_event(const struct evlist *l)
{
	unsigned i;

	for (i = l->n; i > 0; i--)
		if (!is_cbar(l->v[i - 1]))
			return l->v[i - 1];
	return NULL;
}

/* A release orders itself after the load; only weaker stores are at risk. */
static bool same_store(const struct event *a, const struct event *b)
{
	return is_store(a) && is_store(b) &&
	       (a->cls == OC_MSTORE || a->cls == OC_PLAIN) && a->key &&
	       b->key && !strcmp(a->key, b->key) && a->value_text &&
	       b->value_text && !strcmp(a->value_text, b->value_text) &&
	       a->cls == b->cls;
}

/* ---- ctrl-dep-identical-stores ---- */

static void identical_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	const struct event *br, *head, *a, *b;
	struct oc_diag *d;
	char hs[160], as[160];
	unsigned i, pass;

	evlist_for_each(l, i, br) {
		if (br->type != EV_BRANCH || br->nlegs != 2 ||
		    !(head = ctrl_head(br)) || !br->legs[1].n)
			continue;
		/* identical first stores are hoisted, identical last ones sunk */
		for (pass = 0; pass < 2; pass++) {
			a = pass ? last_event(&br->legs[0]) :
				   first_event(&br->legs[0]);
			b = pass ? last_event(&br->legs[1]) :
				   first_event(&br->legs[1]);
			if (!same_store(a, b))
				continue;
			if (pass && a == first_event(&br->legs[0]) &&
			    b == first_event(&br->legs[1]))
				break;
			d = rule_report(
				s->ctx, s->self, s->fn, a,
				"both legs of the 'if' on %s %s the "
				"same store %s; the compiler may %s the "
				"branch, where nothing orders it after "
				"the load; use smp_store_release() or "
				"store different values",
				rule_event_text(head, hs, sizeof(hs)),
				pass ? "end with" : "start with",
				rule_event_text(a, as, sizeof(as)),
				pass ? "sink it below" : "hoist it above");
			rule_note(d, b, "the same store in the other leg");
			rule_note(d, head, "the load the branch depends on");
		}
	}
}

static void check_ctrl_dep_identical_stores(struct rule_ctx *ctx,
					    const struct rule *self,
					    const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	if (rule_under_lock(fn))
		return;
	events_for_each_list(fn, identical_list, &s);
}

/* ---- ctrl-dep-folded-condition ---- */

static void folded_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	const struct event *br, *head, *st;
	struct oc_diag *d;
	char hs[160], ss[160], because[200];
	unsigned i, leg, j;

	evlist_for_each(l, i, br) {
		if (br->type != EV_BRANCH || br->folds < 0 ||
		    !(head = ctrl_head(br)))
			continue;
		for (leg = 0; leg < br->nlegs; leg++) {
			bool taken = (leg == 0) == (br->folds == 1);

			st = NULL;
			for (j = 0; j < br->legs[leg].n && !st; j++)
				if (is_marked_store(br->legs[leg].v[j]))
					st = br->legs[leg].v[j];
			/* a leg that never runs orders nothing, wrongly or not */
			if (!st || !taken)
				continue;
			because[0] = '\0';
			if (br->fold_reason && br->cond_text &&
			    strcmp(br->fold_reason, br->cond_text))
				snprintf(because, sizeof(because),
					 " (because of '%s')", br->fold_reason);
			d = rule_report(
				s->ctx, s->self, s->fn, st,
				taken ? "the condition '%s' is always %s to the "
					"compiler%s, so %s runs "
					"unconditionally and is not ordered "
					"after %s; make the condition depend on "
					"the loaded value, or use "
					"smp_load_acquire()" :
					"the condition '%s' is always %s to the "
					"compiler%s, so %s can never run; "
					"the control dependency on %s is gone",
				br->cond_text ? br->cond_text : "?",
				br->folds ? "true" : "false", because,
				rule_event_text(st, ss, sizeof(ss)),
				rule_event_text(head, hs, sizeof(hs)));
			rule_note(d, br, "the 'if' whose branch vanishes");
			rule_note(d, head, "the load it depended on");
		}
	}
}

static void check_ctrl_dep_folded_condition(struct rule_ctx *ctx,
					    const struct rule *self,
					    const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	if (rule_under_lock(fn))
		return;
	events_for_each_list(fn, folded_list, &s);
}

/* ---- ctrl-dep-unmarked-head, ctrl-dep-unmarked-store ---- */

static void unmarked_head_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	const struct event *br, *plain, *st = NULL;
	struct oc_diag *d;
	char ss[160], ks[128];
	unsigned i, leg, j;

	evlist_for_each(l, i, br) {
		if (br->type != EV_BRANCH || !(plain = plain_head(br)) ||
		    !rule_tu_only_plain(s->ctx, plain->key))
			continue;
		for (j = 0; j < br->ndeps; j++)
			if (rule_is_acquire_like(br->deps[j]))
				break;
		if (j < br->ndeps)
			continue;
		/* a NULL test guards a dereference, it orders nothing */
		if (plain->flags & EVF_POINTER)
			continue;
		/* the store must be to another location: same one is an update */
		for (leg = 0, st = NULL; leg < br->nlegs && !st; leg++)
			for (j = 0; j < br->legs[leg].n && !st; j++)
				if (is_marked_store(br->legs[leg].v[j]) &&
				    br->legs[leg].v[j]->key &&
				    strcmp(br->legs[leg].v[j]->key, plain->key))
					st = br->legs[leg].v[j];
		if (!st)
			continue;
		d = rule_report(s->ctx, s->self, s->fn, plain,
				"plain load of '%s' heads the control "
				"dependency that orders %s; the compiler may "
				"fuse, reuse or invent it: use READ_ONCE() "
				"(every other access to it in this file is "
				"marked)",
				litmus_key_text(plain->key, ks, sizeof(ks)),
				rule_event_text(st, ss, sizeof(ss)));
		rule_note(d, st, "the store the branch is meant to order");
	}
}

static void check_ctrl_dep_unmarked_head(struct rule_ctx *ctx,
					 const struct rule *self,
					 const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	if (rule_under_lock(fn))
		return;
	events_for_each_list(fn, unmarked_head_list, &s);
}

static void unmarked_store_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	const struct event *br, *head, *st;
	struct oc_diag *d;
	char hs[160], ks[128];
	unsigned i, leg;

	evlist_for_each(l, i, br) {
		if (br->type != EV_BRANCH || !(head = ctrl_head(br)))
			continue;
		for (leg = 0; leg < br->nlegs; leg++) {
			st = first_event(&br->legs[leg]);
			if (!is_store(st) || st->cls != OC_PLAIN || st->prim ||
			    !rule_tu_only_plain(s->ctx, st->key))
				continue;
			d = rule_report(
				s->ctx, s->self, s->fn, st,
				"plain store to '%s' is ordered after "
				"%s only by the 'if'; the compiler may "
				"tear, merge or speculate a plain store: "
				"use WRITE_ONCE() (every other access to "
				"it in this file is marked)",
				litmus_key_text(st->key, ks, sizeof(ks)),
				rule_event_text(head, hs, sizeof(hs)));
			rule_note(d, head, "the load the branch depends on");
		}
	}
}

static void check_ctrl_dep_unmarked_store(struct rule_ctx *ctx,
					  const struct rule *self,
					  const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	if (rule_under_lock(fn))
		return;
	events_for_each_list(fn, unmarked_store_list, &s);
}

/* ---- ctrl-dep-after-if ---- */

static void after_if_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	const struct event *br, *head, *next, *end0, *end1;
	struct oc_diag *d;
	char hs[160], ns[160];
	unsigned i;

	evlist_for_each(l, i, br) {
		if (br->type != EV_BRANCH || br->nlegs != 2 ||
		    !(head = ctrl_head(br)))
			continue;
		if (!br->legs[0].n || !br->legs[1].n)
			continue;
		next = events_next(l, i);
		end0 = last_event(&br->legs[0]);
		end1 = last_event(&br->legs[1]);
		/* the legs end in ordered stores: the code leans on the if */
		if (!is_marked_store(next) || !is_marked_store(end0) ||
		    !is_marked_store(end1) || !next->key ||
		    (end0->key && !strcmp(end0->key, next->key)) ||
		    (end1->key && !strcmp(end1->key, next->key)) ||
		    next->cls != OC_MSTORE)
			continue;
		d = rule_report(s->ctx, s->self, s->fn, next,
				"%s after the 'if' on %s is not ordered after "
				"that load: a control dependency covers only "
				"the legs; put it in the legs, or use "
				"smp_store_release()",
				rule_event_text(next, ns, sizeof(ns)),
				rule_event_text(head, hs, sizeof(hs)));
		rule_note(d, end0, "the legs end in ordered stores");
		rule_note(d, head, "the load the branch depends on");
	}
}

static void check_ctrl_dep_after_if(struct rule_ctx *ctx,
				    const struct rule *self,
				    const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	if (rule_under_lock(fn))
		return;
	events_for_each_list(fn, after_if_list, &s);
}

/* ---- ctrl-dep-load-load ---- */

/* Why we think @data is meant to be read after @flag; NULL if nothing says so. */
static const char *related(struct scan *s, const struct event *flag,
			   const struct event *data, char *buf, size_t n,
			   const struct writer_order **w)
{
	char fk[128], dk[128];

	*w = NULL;
	if (!flag->key || !data->key || !strcmp(flag->key, data->key))
		return NULL;
	*w = rule_tu_writer_order(s->ctx, data->key, flag->key, s->fn->name);
	litmus_key_text(flag->key, fk, sizeof(fk));
	litmus_key_text(data->key, dk, sizeof(dk));
	if (*w) {
		snprintf(buf, n, "'%s()' writes '%s' before '%s' with %s()",
			 (*w)->function, dk, fk, (*w)->how->name);
		return buf;
	}
	if (keys_same_struct(flag->key, data->key)) {
		snprintf(buf, n, "'%s' and '%s' are in the same struct", fk,
			 dk);
		return buf;
	}
	return NULL;
}

static bool is_load(const struct event *e)
{
	return e && e->type == EV_ACCESS && e->kind == K_LOAD &&
	       e->cls != OC_ACQ_LOAD;
}

/* A loop that only waits: its body loads and calls cpu_relax(). */
static bool is_spin(const struct event *lp)
{
	unsigned i;

	for (i = 0; i < lp->legs[0].n; i++) {
		const struct event *e = lp->legs[0].v[i];

		if (e->type == EV_ACCESS && e->kind != K_LOAD)
			return false;
		if (e->type == EV_FENCE && e->cls != OC_CBAR)
			return false;
		if (e->type == EV_JUMP || e->type == EV_BRANCH)
			return false;
	}
	return true;
}

/*
 * @need_writer: an 'if' on a flag followed by another load is everyday
 * code; only a writer that orders the two says they are a pair. A
 * spin-wait on a flag says it by itself: then the same struct is enough.
 */
static void report_load_load(struct scan *s, const struct event *flag,
			     const struct event *data, const char *after,
			     bool need_writer)
{
	const struct writer_order *w;
	char why[512], fs[160], ds[160];
	struct oc_diag *d;
	unsigned i;

	if (!related(s, flag, data, why, sizeof(why), &w) ||
	    (need_writer && !w))
		return;
	/* read through the flag's value: an address dependency orders it */
	for (i = 0; i < data->nadeps; i++)
		if (data->adeps[i] == flag)
			return;
	d = rule_report(s->ctx, s->self, s->fn, data,
			"%s %s %s is not ordered after it: a control "
			"dependency orders later stores, not loads; add "
			"smp_acquire__after_ctrl_dep(), or use "
			"smp_cond_load_acquire() or smp_load_acquire()",
			rule_event_text(data, ds, sizeof(ds)), after,
			rule_event_text(flag, fs, sizeof(fs)));
	rule_note(d, flag, "%s", why);
	if (w)
		rule_note(d, w->how, "the writer orders them here");
}

/*
 * A fence that orders loads between the branch at l->v[i] and its head
 * (ready = READ_ONCE(); smp_mb(); if (ready) ...): then the 'if' is not
 * what orders them. Looks back to the head or the start of the list.
 */
static bool fenced_since(const struct evlist *l, unsigned i,
			 const struct event *head)
{
	const struct event *e;

	while (i-- > 0) {
		e = l->v[i];
		if (e == head)
			return false;
		if (e->type == EV_FENCE &&
		    (vocab_fence_mask(e->cls, e->flags) & VO_RR))
			return true;
		if (events_is_lkmm_rmw(e) && e->cls == OC_RMW_FULL)
			return true;
	}
	return false;
}

static void load_load_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	const struct event *e, *head, *next;
	unsigned i;

	evlist_for_each(l, i, e) {
		next = events_next(l, i);
		if (e->type == EV_LOOP && (head = ctrl_head(e)) && is_spin(e) &&
		    is_load(next))
			report_load_load(s, head, next,
					 "after the spin-wait on", false);
		else if (e->type == EV_ACCESS && (e->flags & F_SPIN) &&
			 e->cls == OC_MLOAD && is_load(next))
			report_load_load(s, e, next, "after", false);
		else if (e->type == EV_BRANCH && (head = ctrl_head(e)) &&
			 e->nlegs && is_load(first_event(&e->legs[0])) &&
			 !fenced_since(l, i, head))
			report_load_load(s, head, first_event(&e->legs[0]),
					 "in the 'if' on", true);
	}
}

static void check_ctrl_dep_load_load(struct rule_ctx *ctx,
				     const struct rule *self,
				     const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	if (rule_under_lock(fn))
		return;
	events_for_each_list(fn, load_load_list, &s);
}

/* ---- ctrl-dep-c11-relaxed ---- */

static bool is_c11_relaxed(const struct event *e, enum oc_kind kind)
{
	return e && e->type == EV_ACCESS && e->kind == kind && e->prim &&
	       e->prim->model == M_C11 && e->order == MO_RELAXED;
}

static void c11_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	const struct event *br, *head = NULL, *st;
	struct oc_diag *d;
	char ks[128];
	unsigned i, j, leg;

	evlist_for_each(l, i, br) {
		if (br->type != EV_BRANCH)
			continue;
		for (j = 0, head = NULL; j < br->ndeps && !head; j++)
			if (is_c11_relaxed(br->deps[j], K_LOAD))
				head = br->deps[j];
		if (!head)
			continue;
		for (leg = 0; leg < br->nlegs; leg++) {
			st = first_event(&br->legs[leg]);
			if (!is_c11_relaxed(st, K_STORE) ||
			    !(rule_tu_acq_rel(s->ctx, head->key) ||
			      rule_tu_acq_rel(s->ctx, st->key)))
				continue;
			d = rule_report(
				s->ctx, s->self, s->fn, st,
				"relaxed store ordered only by an 'if' on "
				"a relaxed load of '%s': C11 has no "
				"control dependencies; use "
				"memory_order_acquire on the load (the "
				"locations use acquire/release elsewhere)",
				litmus_key_text(head->key, ks, sizeof(ks)));
			rule_note(d, head, "the relaxed load");
		}
	}
}

static void check_ctrl_dep_c11_relaxed(struct rule_ctx *ctx,
				       const struct rule *self,
				       const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	if (rule_under_lock(fn))
		return;
	events_for_each_list(fn, c11_list, &s);
}

static const struct rule ctrl_dep_rules[] = {
	{ "ctrl-dep-identical-stores", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION(check_ctrl_dep_identical_stores),
	  "both legs of an `if` on a marked load start (or end) with the same "
	  "store: hoisted (sunk) out of the branch" },
	{ "ctrl-dep-folded-condition", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION(check_ctrl_dep_folded_condition),
	  "the condition folds (`q % 1`, `q || 1`, a provable range, a "
	  "configuration macro): the taken leg's store is unordered" },
	{ "ctrl-dep-unmarked-head", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION(check_ctrl_dep_unmarked_head),
	  "the only plain load of a location the file otherwise marks heads "
	  "the dependency" },
	{ "ctrl-dep-unmarked-store", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION(check_ctrl_dep_unmarked_store),
	  "the ordered store in the leg is plain, where the file otherwise "
	  "marks it" },
	{ "ctrl-dep-after-if", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION(check_ctrl_dep_after_if),
	  "a store after an if/else whose legs end in ordered stores is not "
	  "ordered by it" },
	{ "ctrl-dep-load-load", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION_CLAIMS(check_ctrl_dep_load_load, rule_claims_reader),
	  "a load after a spin-wait or in an `if` on a flag, assumed ordered "
	  "(a writer orders them, or the same struct for spin-waits)" },
	{ "ctrl-dep-c11-relaxed", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION_CLAIMS(check_ctrl_dep_c11_relaxed, rule_claims_reader),
	  "C11 relaxed load controlling a relaxed store of locations that use "
	  "acquire/release elsewhere" },
};

const struct rule_family family_ctrl_deps = {
	"control dependencies",
	ctrl_dep_rules,
	sizeof(ctrl_dep_rules) / sizeof(ctrl_dep_rules[0]),
};
