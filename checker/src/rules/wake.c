// SPDX-License-Identifier: GPL-2.0
/*
 * Sleep and wake-up: a waker that stores the condition and then tests the
 * wait queue for sleepers without its lock and without a full barrier
 * between, which store buffering against the waiter's prepare_to_wait()
 * turns into a lost wake-up (include/linux/wait.h, waitqueue_active()).
 */
#include <stdio.h>
#include <string.h>

#include "rule.h"

enum {
	/* how deep a callee of a callee is looked into */
	MAX_DEPTH = 3,
};

/* What an event between the store and the test does to the pattern. */
enum between {
	B_NOTHING, /* look past it */
	B_STORE, /* a store the test can pass: the condition's */
	B_ORDERS, /* a full barrier, a lock, or what we cannot see */
};

/* The sleeper test of @e, itself or what a callee of this TU starts with. */
static const struct event *sleeper_test(const struct event *e)
{
	const struct event *t = events_through_call(e, false);

	return events_has_role(t, R_TESTS_SLEEPERS) ? t : NULL;
}

static bool full_barrier(const struct event *e)
{
	if (e->prim && (e->prim->flags & (F_FULL_AFTER | F_FULL_BEFORE)))
		return true;
	switch (e->type) {
	case EV_FENCE:
		/* wake_up() orders only if it wakes (memory-barriers.txt) */
		return e->cls == OC_FENCE_FULL && !(e->flags & F_WAKE);
	case EV_MODIFIER:
		/* smp_mb__{before,after}_atomic(): full with their RMW */
		return true;
	case EV_ACCESS:
		/* a failed cmpxchg() orders nothing, but says it means to */
		return e->cls == OC_RMW_FULL || e->cls == OC_RMW_SC;
	default:
		return false;
	}
}

/* A store the sleeper test can be reordered before: not to a local. */
static bool condition_store(const struct event *e)
{
	if (e->type != EV_ACCESS || (e->flags & EVF_IN_LOC) || !e->key ||
	    !strncmp(e->key, "local:", 6))
		return false;
	if (events_has_role(e, R_WAIT))
		return false;
	return e->kind == K_STORE ||
	       (e->kind == K_RMW && e->cls != OC_RMW_FULL &&
		e->cls != OC_RMW_SC && e->cls != OC_PLAIN);
}

static enum between classify(const struct event *e, const struct event **st,
			     unsigned depth, bool out_local);

/*
 * Every address the call @args passes is a variable's own (&cnt): a
 * callee's store through its pointer parameter (*cnt = v) is then an out
 * parameter of the caller's, not a condition (wakeup.c's split_counters()).
 */
static bool addresses_of_variables(const char *args)
{
	const char *s = args, *e;

	for (; s && (s = strchr(s, '&')); s = e) {
		for (e = ++s; *e == '_' || (*e >= 'a' && *e <= 'z') ||
			      (*e >= 'A' && *e <= 'Z') ||
			      (e > s && *e >= '0' && *e <= '9');
		     e++)
			;
		if (e == s || (*e && *e != ',' && *e != ' ' && *e != ')'))
			return false;
	}
	return args && strchr(args, '&');
}

/* The worst of a list's events, in any order: a barrier anywhere wins. */
static enum between classify_list(const struct evlist *l,
				  const struct event **st, unsigned depth,
				  bool out_local)
{
	enum between worst = B_NOTHING, b;
	const struct event *e, *found = NULL;
	unsigned i;

	evlist_for_each(l, i, e) {
		/* a leg that leaves does not reach the test */
		if (e->type == EV_JUMP)
			return B_NOTHING;
		b = classify(e, &found, depth, out_local);
		if (b == B_ORDERS)
			return B_ORDERS;
		if (b == B_STORE && worst == B_NOTHING) {
			worst = B_STORE;
			*st = found;
		}
	}
	return worst;
}

static enum between classify(const struct event *e, const struct event **st,
			     unsigned depth, bool out_local)
{
	enum between worst = B_NOTHING, b;
	const struct event *found = NULL;
	unsigned j;

	if (full_barrier(e))
		return B_ORDERS;
	switch (e->type) {
	case EV_LOCK:
	case EV_LABEL:
		return B_ORDERS;
	case EV_MARKER:
		return (e->flags & F_LOCK_HELD) ? B_ORDERS : B_NOTHING;
	case EV_CALL:
		if (e->prim)
			return B_NOTHING;
		if (!e->callee_body || depth >= MAX_DEPTH)
			return B_ORDERS;
		b = classify_list(e->callee_body, &found, depth + 1,
				  addresses_of_variables(e->args));
		if (b == B_STORE)
			*st = e;
		return b;
	case EV_ACCESS:
		if (out_local && !strncmp(e->key ? e->key : "", "*param:", 7))
			return B_NOTHING;
		if (condition_store(e)) {
			*st = e;
			return B_STORE;
		}
		return B_NOTHING;
	case EV_BRANCH:
	case EV_LOOP:
		for (j = 0; j < e->nlegs; j++) {
			b = classify_list(&e->legs[j], &found, depth,
					  out_local);
			if (b == B_ORDERS)
				return B_ORDERS;
			if (b == B_STORE && worst == B_NOTHING) {
				worst = B_STORE;
				*st = found;
			}
		}
		return worst;
	default:
		return B_NOTHING;
	}
}

/*
 * The store that comes last before the test @at in program order, with
 * nothing that orders between: the rest of its list backwards, then of
 * each enclosing list before the branch or loop holding it. NULL when a
 * barrier, a lock, a label or the function's start comes first.
 */
static const struct event *store_before(const struct function_ir *fn,
					const struct event *at)
{
	const struct event *p = at, *st = NULL;
	const struct evlist *l;
	unsigned idx;

	for (; p; p = p->parent) {
		l = events_list_of(fn, p, &idx);
		if (!l)
			return NULL;
		while (idx-- > 0) {
			switch (classify(l->v[idx], &st, 0, false)) {
			case B_ORDERS:
				return NULL;
			case B_STORE:
				return st;
			case B_NOTHING:
				break;
			}
		}
	}
	return NULL;
}

/* The function says its caller holds a lock: foo_locked(). */
static bool lock_held(const struct function_ir *fn)
{
	return vocab_name_is(fn->name, R_CALLER_HOLDS);
}

/*
 * A lock is held at @at: taken before it in program order (in its list
 * and the enclosing ones) and not released, or said to be held
 * (lockdep_assert_held()). Which lock we cannot tell: any lock may be the
 * queue's, whose holder needs no barrier (wait.h).
 */
static bool held_at(const struct function_ir *fn, const struct event *at)
{
	const struct event *p, *e;
	const struct evlist *l;
	unsigned idx, i;
	int depth = 0;

	for (p = at; p; p = p->parent) {
		l = events_list_of(fn, p, &idx);
		if (!l)
			break;
		for (i = 0; i < idx; i++) {
			e = l->v[i];
			if (e->type == EV_MARKER && (e->flags & F_LOCK_HELD))
				return true;
			if (e->type == EV_LOCK && e->kind == K_LOCK)
				depth++;
			else if (e->type == EV_LOCK && e->kind == K_UNLOCK &&
				 depth)
				depth--;
		}
	}
	return depth > 0;
}

/* A wake-up among @l's events from @from on, or in their callees. */
static bool list_wakes(const struct evlist *l, unsigned from, unsigned depth)
{
	const struct event *e;
	unsigned i, j;

	for (i = from; i < l->n; i++) {
		e = l->v[i];
		if (events_has_role(e, R_WAKE))
			return true;
		if (e->type == EV_CALL && e->callee_body && depth < MAX_DEPTH &&
		    list_wakes(e->callee_body, 0, depth + 1))
			return true;
		for (j = 0; j < e->nlegs; j++)
			if (list_wakes(&e->legs[j], 0, depth))
				return true;
	}
	return false;
}

/*
 * The test decides a wake-up: one follows it, in its function or in the
 * callee that starts with it (if (waitqueue_active()) wake_up()), unlike
 * BUG_ON(waitqueue_active(&fl->fl_wait)) in locks_release_private().
 * wake_up_bit() and wake_up_var() are their own wake-up.
 */
static bool decides_wake(const struct function_ir *fn, const struct event *e,
			 const struct event *test)
{
	const struct event *p;
	const struct evlist *l;
	unsigned idx;

	if (events_has_role(test, R_WAKE))
		return true;
	/*
	 * The call @e starts with the test, in its callee or a callee of
	 * that (a wrapper of the helper that tests): all of the call's body
	 * follows the test, looked into as deep as a function's own (depth
	 * 0). Not the callee's own function: two calls down, the test is
	 * not in its body.
	 */
	if (e != test)
		return e->callee_body && list_wakes(e->callee_body, 0, 0);
	for (p = e; p; p = p->parent) {
		l = events_list_of(fn, p, &idx);
		if (!l)
			return false;
		if (list_wakes(l, idx + 1, 0))
			return true;
	}
	return false;
}

static const char *fix_for(const struct event *test, const struct event *st)
{
	/* the helper upgrades a void or relaxed RMW (atomic_t.txt) */
	if (st->type == EV_ACCESS && st->kind == K_RMW &&
	    (!(st->flags & F_RET) || st->cls == OC_RMW_RLX))
		return "smp_mb__after_atomic() after the atomic";
	if (st->type == EV_ACCESS && st->kind == K_RMW)
		return "smp_mb() between them (the RMW orders only what comes "
		       "before it, or its read)";
	if (!strcmp(test->name, "waitqueue_active"))
		return "wq_has_sleeper(), which has the smp_mb()";
	if (!strcmp(test->name, "swait_active"))
		return "swq_has_sleeper(), which has the smp_mb()";
	return "smp_mb() between them";
}

struct wake_arg {
	struct rule_ctx *ctx;
	const struct rule *self;
	const struct function_ir *fn;
};

static void check_list_wake(const struct evlist *l, void *arg)
{
	struct wake_arg *wa = arg;
	const struct event *e, *test, *st;
	unsigned i;
	char loc[160];

	evlist_for_each(l, i, e) {
		struct oc_diag *d;

		if (!(test = sleeper_test(e)) ||
		    !decides_wake(wa->fn, e, test) || held_at(wa->fn, e) ||
		    !(st = store_before(wa->fn, e)))
			continue;
		if (st->type == EV_CALL) {
			snprintf(loc, sizeof(loc), "a store in '%s()'",
				 st->name);
		} else if (st->prim) {
			snprintf(loc, sizeof(loc), "'%s(", st->name);
			snprintf(loc + strlen(loc), sizeof(loc) - strlen(loc),
				 "%s)'", st->args ? st->args : "");
		} else {
			loc[0] = '\'';
			if (!rule_source_text(wa->ctx, st, loc + 1,
					      sizeof(loc) - 2))
				snprintf(loc, sizeof(loc), "'a store");
			strcat(loc, "'");
		}
		d = rule_report(
			wa->ctx, wa->self, wa->fn, e,
			"%s()%s%s%s tests for sleepers after %s with no full "
			"barrier between: the test can be satisfied before the "
			"store is visible, and a waiter that has just queued "
			"itself then misses the store while the waker misses "
			"it (store buffering), a lost wake-up; use %s",
			test->name, e != test ? " in " : "",
			e != test ? e->name : "", e != test ? "()" : "", loc,
			fix_for(test, st));
		rule_note(d, st, "the store the test can pass");
	}
}

static void check_wake_missing_barrier(struct rule_ctx *ctx,
				       const struct rule *self,
				       const struct function_ir *fn)
{
	struct wake_arg a = { ctx, self, fn };

	if (lock_held(fn))
		return;
	events_for_each_list(fn, check_list_wake, &a);
}

static const struct rule wake_rules[] = {
	{ "wake-missing-barrier", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION_CLAIMS(check_wake_missing_barrier, rule_claims_waker),
	  "a waker stores the condition and then tests for sleepers "
	  "locklessly (`waitqueue_active()`, `wake_up_bit()`, "
	  "`wake_up_var()`) with no full barrier between: a lost wake-up" },
};

const struct rule_family family_wake = {
	"sleep and wake-up",
	wake_rules,
	sizeof(wake_rules) / sizeof(wake_rules[0]),
};
