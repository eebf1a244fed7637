// SPDX-License-Identifier: GPL-2.0
/*
 * Redundant barriers: a full barrier next to a primitive or a call of this
 * TU that already ends (begins) with one, beyond the fully ordered RMWs
 * and fence pairs that the atomics family reports.
 */
#include <string.h>

#include "rule.h"

/* smp_mb(), virt_mb(): the CPU-CPU full fence (not mb(), which does MMIO) */
static bool is_full_cpu_fence(const struct event *e)
{
	return e && e->type == EV_FENCE && events_has_role(e, R_RMW_IMPLIED) &&
	       !(e->flags & F_MANDATORY);
}

/* A fence that orders as smp_mb() does, nothing more nor less. */
static bool plain_full_fence(const struct event *e)
{
	return e && e->type == EV_FENCE && e->cls == OC_FENCE_FULL &&
	       !(e->flags & (F_WAKE | F_SIDE | F_MANDATORY | F_DMA));
}

/*
 * What @e ends with (@last) or begins with that is a full barrier, or
 * NULL: a store whose own barrier comes after it (smp_store_mb(),
 * set_current_state(), prepare_to_wait()), a load whose barrier comes
 * before it (wq_has_sleeper()), or a callee's first or last smp_mb().
 * A fully ordered RMW is mb-redundant-ordered-rmw's, a fence right next
 * to the fence duplicate-fence's.
 */
static const struct event *full_at_edge(const struct event *e, bool last)
{
	const struct event *t = events_through_call(e, last);

	if (!t)
		return NULL;
	if (t->prim && t->type == EV_ACCESS) {
		/* clear_and_wake_up_bit(): its fence is not its last event */
		if (last && (t->prim->flags & F_FULL_AFTER) &&
		    t->prim->kind == K_STORE)
			return t;
		if (!last && (t->prim->flags & F_FULL_BEFORE))
			return t;
		return NULL;
	}
	return t != e && plain_full_fence(t) ? t : NULL;
}

struct red_arg {
	struct rule_ctx *ctx;
	const struct rule *self;
	const struct function_ir *fn;
};

static void check_list_redundant(const struct evlist *l, void *arg)
{
	struct red_arg *ra = arg;
	const struct event *e, *nb, *t;
	unsigned i;
	bool after;

	evlist_for_each(l, i, e) {
		struct oc_diag *d;

		if (!is_full_cpu_fence(e))
			continue;
		nb = events_prev(l, i);
		t = nb ? full_at_edge(nb, true) : NULL;
		after = t != NULL;
		if (!t) {
			nb = events_next(l, i);
			t = nb ? full_at_edge(nb, false) : NULL;
		}
		if (!t)
			continue;
		if (nb != t)
			d = rule_report(
				ra->ctx, ra->self, ra->fn, e,
				"%s() directly %s '%s()', which %s with "
				"%s(); the barrier is redundant",
				e->name, after ? "after" : "before", nb->name,
				after ? "ends" : "begins", t->name);
		else
			d = rule_report(ra->ctx, ra->self, ra->fn, e,
					"%s() directly %s '%s()', which has a "
					"full barrier %s its access; the "
					"barrier is redundant",
					e->name, after ? "after" : "before",
					t->name, after ? "after" : "before");
		rule_note(d, t, "the full barrier of '%s()'", t->name);
		if (e->fixable && ra->self->fix == FIX_SAFE)
			rule_fix_remove_stmt(ra->ctx, d, e);
	}
}

static void check_redundant_barrier(struct rule_ctx *ctx,
				    const struct rule *self,
				    const struct function_ir *fn)
{
	struct red_arg a = { ctx, self, fn };

	events_for_each_list(fn, check_list_redundant, &a);
}

static const struct rule redundant_rules[] = {
	{ "redundant-barrier", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION(check_redundant_barrier),
	  "`smp_mb()` directly after a primitive or a call that ends with a "
	  "full barrier (`set_current_state()`, `smp_store_mb()`, "
	  "`prepare_to_wait()`), or before one that begins with one "
	  "(`wq_has_sleeper()`)" },
};

const struct rule_family family_redundant = {
	"redundant barriers",
	redundant_rules,
	sizeof(redundant_rules) / sizeof(redundant_rules[0]),
};
