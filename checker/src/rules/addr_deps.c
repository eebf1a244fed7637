// SPDX-License-Identifier: GPL-2.0
/*
 * Address dependencies that are missing, unannotated or breakable: a
 * marked load of a pointer (or index) orders later accesses through it on
 * every CPU Linux supports, as long as the compiler keeps the dependency
 * (docs/ordering-semantics.md, "3. Address dependencies", A1-A11;
 * Documentation/RCU/rcu_dereference.rst).
 */
#include <string.h>

#include "../events/keys.h"
#include "../pairs/inline.h"
#include "../pairs/litmus.h"
#include "../pairs/lockless.h"
#include "../pairs/order.h"
#include "common.h"

/* ---- walking a function ---- */

typedef bool (*event_pred)(const struct event *e, const void *arg);

/* The first event of @l (and the legs below) that @pred accepts. */
static const struct event *find_in(const struct evlist *l, event_pred pred,
				   const void *arg)
{
	const struct event *e, *r;
	unsigned i, j;

	evlist_for_each(l, i, e) {
		if (pred(e, arg))
			return e;
		for (j = 0; j < e->nlegs; j++)
			if ((r = find_in(&e->legs[j], pred, arg)))
				return r;
	}
	return NULL;
}

static bool has_adep(const struct event *e, const struct event *head)
{
	unsigned i;

	for (i = 0; i < e->nadeps; i++)
		if (e->adeps[i] == head)
			return true;
	return false;
}

/* An access (or primitive) whose address comes from @arg's value. */
static bool is_use_of(const struct event *e, const void *arg)
{
	return (e->type == EV_ACCESS || e->type == EV_CALL) && e != arg &&
	       has_adep(e, arg);
}

/* A load through it: stores are ordered by the control dependency too. */
static bool is_load_use_of(const struct event *e, const void *arg)
{
	return is_use_of(e, arg) && (e->kind == K_LOAD || e->kind == K_RMW);
}

static bool is_store_to(const struct event *e, const void *key)
{
	return e->type == EV_ACCESS && e->kind != K_LOAD && e->key &&
	       !strcmp(e->key, key);
}

/* The first access through @head's value in @fn, or NULL. */
static const struct event *first_use(const struct function_ir *fn,
				     const struct event *head)
{
	return find_in(&fn->body, is_use_of, head);
}

/* read_seqcount_begin(), read_seqbegin(), do_read_seqcount_retry(), ... */
static bool is_seq_read(const struct event *e, const void *arg)
{
	(void)arg;
	return (e->type == EV_CALL || e->prim) && e->name &&
	       vocab_name_is(e->name, R_SEQ_READ);
}

/*
 * The update side: a function that stores to the location itself, or
 * holds a lock, reads it with whatever the lock gives. A seqcount reader
 * re-reads until the sequence says nothing changed: its retry loop, not
 * the dependency, is what it relies on.
 */
static bool update_side(const struct function_ir *fn, const char *key,
			const struct publisher *p)
{
	return rule_under_lock(fn) || !strcmp(p->function, fn->name) ||
	       find_in(&fn->body, is_store_to, key) ||
	       find_in(&fn->body, is_seq_read, NULL);
}

/* "gp", "foo.next": a location key as the user would say it. */
static const char *key_text(const char *key)
{
	static char buf[128];

	return litmus_key_text(key, buf, sizeof(buf));
}

/* A marked load that heads an address dependency in the LKMM. */
static bool is_linux_head(const struct event *e)
{
	return e->type != EV_BRANCH && e->prim && e->prim->model == M_LKMM &&
	       (e->kind == K_LOAD ||
		(e->kind == K_RMW && (e->flags & F_RET))) &&
	       e->cls != OC_PLAIN && !rule_is_acquire_like(e) &&
	       !events_has_role(e, R_PTR_ONLY);
}

static bool is_plain_pointer_load(const struct event *e)
{
	return e->type == EV_ACCESS && e->kind == K_LOAD && !e->prim &&
	       e->cls == OC_PLAIN && (e->flags & EVF_POINTER) && e->key;
}

/* What the reader should use, given how the writer publishes. */
static const char *reader_for(const struct publisher *p)
{
	const struct event *w = p->at;

	if (w->cls == OC_PUBLISH)
		return "rcu_dereference()";
	if (w->prim && w->prim->model == M_C11)
		return "an acquire load (memory_order_acquire)";
	if (w->cls == OC_REL_STORE)
		return "smp_load_acquire()";
	return "READ_ONCE()";
}

struct scan {
	struct rule_ctx *ctx;
	const struct rule *self;
	const struct function_ir *fn;
};

/* An access as the user wrote it: 'p->next->a', or READ_ONCE(p->a). */
static const char *shown(struct scan *s, const struct event *e, char *buf,
			 size_t n)
{
	char t[140];

	if (!e->prim && rule_source_text(s->ctx, e, t, sizeof(t))) {
		snprintf(buf, n, "'%s'", t);
		return buf;
	}
	return rule_event_text(e, buf, n);
}

/* ---- addr-dep-plain-load ---- */

static bool plain_published(const struct event *e, const void *arg)
{
	const struct scan *s = arg;
	const struct publisher *p;

	if (!is_plain_pointer_load(e) ||
	    !(p = rule_tu_publisher(s->ctx, e->key)))
		return false;
	return first_use(s->fn, e) && !update_side(s->fn, e->key, p);
}

/* rcu_read_lock() (or srcu_read_lock()) before the load @arg. */
static bool is_rcu_reader_mark(const struct event *e, const void *arg)
{
	const struct event *l = arg;

	return e->type == EV_MARKER &&
	       events_has_role(e, R_RCU_LOCK | R_SRCU_LOCK) &&
	       e->span.file == l->span.file && e->span.off < l->span.off;
}

static bool is_marked_load_of(const struct event *e, const void *key)
{
	return e->type == EV_ACCESS && e->kind == K_LOAD && e->prim &&
	       e->cls != OC_PLAIN && e->key && !strcmp(e->key, key);
}

/*
 * Why this function is a lockless reader of @l's location, or NULL: it
 * is an RCU reader, or it reads the location with a marked load too (a
 * check with READ_ONCE(), then a plain re-read). Without either, a plain
 * read of a published pointer is most often update-side code under a lock
 * its caller holds.
 */
static const char *reader_evidence(struct scan *s, const struct event *l,
				   const struct event **at)
{
	if ((*at = find_in(&s->fn->body, is_marked_load_of, l->key)))
		return "the same function reads it with a marked load here";
	if ((*at = find_in(&s->fn->body, is_rcu_reader_mark, l)))
		return "in an RCU read-side critical section from here";
	return NULL;
}

/* @a comes before @b in the function's text. */
static bool before(const struct event *a, const struct event *b)
{
	return a->span.file == b->span.file && a->span.off < b->span.off;
}

/* @e runs on every path to @l: it is in a list that holds @l, before it. */
static bool dominates(const struct event *e, const struct event *l)
{
	const struct event *p;

	if (!before(e, l))
		return false;
	for (p = l->parent;; p = p->parent) {
		if (p == e->parent)
			return true;
		if (!p)
			return false;
	}
}

struct reread {
	const struct event *l;
	const struct event *acq; /* the acquire load before it */
};

/* A load of @l's field of the same object, by its path. */
static bool same_field(const struct event *e, const struct event *l)
{
	return e->type == EV_ACCESS && e->kind == K_LOAD && e->key &&
	       !strcmp(e->key, l->key) && e->base && l->base &&
	       !strcmp(e->base, l->base);
}

static bool is_acquire_of(const struct event *e, const void *arg)
{
	const struct event *l = arg;

	return same_field(e, l) && e->prim && rule_is_acquire_like(e) &&
	       dominates(e, l);
}

/* A marked load of the same field between the acquire and the re-read
 * that does not acquire: the value re-read may be its, unordered. */
static bool is_weaker_between(const struct event *e, const void *arg)
{
	const struct reread *r = arg;

	return same_field(e, r->l) && e->prim && !rule_is_acquire_like(e) &&
	       before(r->acq, e) && before(e, r->l);
}

/*
 * @l re-reads a field that an acquire load of the same object read on
 * every path to it, with no weaker marked load of it between (DPDK's
 * rte_mcslock_unlock(): "if (__atomic_load_n(&me->next, __ATOMIC_ACQUIRE)
 * == NULL) { ... wait for it with acquire ... } ... me->next->locked"):
 * the acquire orders what follows it, and a pointer the protocol sets
 * once has no other value to re-read. Before DPDK's fix the two loads
 * were relaxed, and the rule reports that.
 */
static bool reread_after_acquire(struct scan *s, const struct event *l)
{
	struct reread r = { l, NULL };

	r.acq = find_in(&s->fn->body, is_acquire_of, l);
	return r.acq && !find_in(&s->fn->body, is_weaker_between, &r);
}

static void report_plain(struct scan *s, const struct event *l)
{
	const struct publisher *p = rule_tu_publisher(s->ctx, l->key);
	const struct event *use = first_use(s->fn, l), *ev;
	const char *why = reader_evidence(s, l, &ev);
	struct oc_diag *d;
	char us[160];

	if (!why || reread_after_acquire(s, l))
		return;
	d = rule_report(s->ctx, s->self, s->fn, l,
			"'%s' is published with %s in %s() but read here with "
			"a plain load, then dereferenced (%s): the compiler "
			"may tear, fuse or reload the load, and nothing orders "
			"the dereference after it; use %s",
			key_text(l->key), p->how, p->function,
			shown(s, use, us, sizeof(us)), reader_for(p));
	rule_note(d, p->at, "published here");
	rule_note(d, use, "dereferenced here");
	rule_note(d, ev, "%s", why);
}

struct plain_scan {
	struct scan s;
	const char *done[32]; /* keys reported in this function */
	unsigned ndone;
};

/* Every plain load of a published pointer that is dereferenced: once a key. */
static void plain_list(const struct evlist *l, void *arg)
{
	struct plain_scan *ps = arg;
	const struct event *e;
	unsigned i, j;

	evlist_for_each(l, i, e) {
		if (!plain_published(e, &ps->s))
			continue;
		for (j = 0; j < ps->ndone && strcmp(ps->done[j], e->key); j++)
			;
		if (j < ps->ndone)
			continue;
		if (ps->ndone < 32)
			ps->done[ps->ndone++] = e->key;
		report_plain(&ps->s, e);
	}
}

static void check_addr_dep_plain_load(struct rule_ctx *ctx,
				      const struct rule *self,
				      const struct function_ir *fn)
{
	struct plain_scan ps = { { ctx, self, fn }, { 0 }, 0 };

	events_for_each_list(fn, plain_list, &ps);
}

/* ---- addr-dep-plain-load-unlocked: the same, judged over the tree ---- */

/* Leg @outer holds leg @leg, or is the function's body (-1). */
static bool leg_within(const struct fact_fn *fn, int leg, int outer)
{
	for (; leg >= 0; leg = fn->legs[leg].parent)
		if (leg == outer)
			return true;
	return outer < 0;
}

/* reread_after_acquire() on the facts: fact @at of @fn, own loads only. */
static bool fact_reread_after_acquire(const struct fact_fn *fn, unsigned at)
{
	const struct fact *l = &fn->v[at], *f;
	bool acquired = false;
	unsigned i;

	if (!l->base)
		return false;
	for (i = 0; i < at; i++) {
		f = &fn->v[i];
		if (f->op != FO_LOAD || f->key != l->key ||
		    f->base != l->base || !(f->flags & FA_MARKED) ||
		    facts_via(fn, f))
			continue;
		if (!order_is_acquire(f->cls))
			acquired = false;
		else if (leg_within(fn, l->leg, f->leg))
			acquired = true;
	}
	return acquired;
}

/*
 * A plain read of a published pointer, dereferenced, in a function that
 * is no RCU reader and takes no lock, where no access of the location
 * anywhere in the tree holds one (../pairs/lockless.c): lockless, and
 * reported as addr-dep-plain-load reports an RCU reader's.
 */
static void check_addr_dep_plain_load_unlocked(struct rule_tree_ctx *ctx,
					       const struct rule *self,
					       const struct pair_candidate *c)
{
	const struct plain_read *r = c->read;
	const struct fact *l, *use, *pub;
	char k[128], how[96];
	struct oc_diag *d;

	if (c->shape != SHAPE_PLAIN_READ)
		return;
	l = &c->set->fns[r->fn].v[r->at];
	use = &c->set->fns[r->fn].v[r->deref];
	pub = r->publish;
	if (rule_yields(ctx, self, c, NULL) ||
	    fact_reread_after_acquire(&c->set->fns[r->fn], r->at) ||
	    !rule_tree_first(ctx, self, r->fn, l->key, l->key))
		return;
	litmus_key_text(l->key, k, sizeof(k));
	if (pub->name[0])
		snprintf(how, sizeof(how), "%s()", pub->name);
	else
		snprintf(how, sizeof(how), "a marked store after a barrier");
	d = rule_tree_report(
		ctx, self, r->fn, l,
		"'%s' is published with %s in %s() but read here with a plain "
		"load, then dereferenced, and no access of it in the checked "
		"tree holds a lock: a lockless reader; the compiler may tear, "
		"fuse or reload the load, and nothing orders the dereference "
		"after it; use %s",
		k, how, r->publisher,
		pub->cls == OC_PUBLISH	 ? "rcu_dereference()" :
		pub->cls == OC_REL_STORE ? "smp_load_acquire()" :
					   "READ_ONCE()");
	rule_tree_note(d, pub, "published here");
	rule_tree_note(d, use, "dereferenced here");
}

/* ---- addr-dep-unannotated ---- */

/* Words in a comment that say the dependency is meant. */
static const char *const pairing_words[] = {
	"pairs with",	      "paired with",	    "pairing",
	"address dependency", "address-dependency", "dependency ordering",
	"dependency-ordered", "synchronizes with",  "synchronises with",
	"matches the",
};

static void unannotated_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	const struct event *e, *use;
	const struct publisher *p;
	struct oc_diag *d;
	char hs[160], us[160];
	unsigned i;

	evlist_for_each(l, i, e) {
		if (e->type != EV_ACCESS ||
		    !events_has_role(e, R_UNNAMED_DEP) ||
		    !(e->flags & EVF_POINTER) || !e->key ||
		    !(p = rule_tu_publisher(s->ctx, e->key)) ||
		    !(use = first_use(s->fn, e)) || use->addr_how ||
		    update_side(s->fn, e->key, p) ||
		    rule_comment_mentions(s->ctx, e, 3, pairing_words,
					  sizeof(pairing_words) /
						  sizeof(pairing_words[0])))
			continue;
		d = rule_report(s->ctx, s->self, s->fn, e,
				"%s heads an address dependency that orders "
				"the access through it (%s) against %s in "
				"%s(), and nothing says so: use "
				"rcu_dereference() (with __rcu, which sparse "
				"checks) or smp_load_acquire(), or name the "
				"pairing in a comment",
				rule_event_text(e, hs, sizeof(hs)),
				shown(s, use, us, sizeof(us)), p->how,
				p->function);
		rule_note(d, p->at, "published here");
		rule_note(d, use, "dereferenced here");
	}
}

static void check_addr_dep_unannotated(struct rule_ctx *ctx,
				       const struct rule *self,
				       const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	events_for_each_list(fn, unannotated_list, &s);
}

/* ---- addr-dep-pointer-compare ---- */

/*
 * @e only computes the address of another of @v's loads (link in
 * link->conf->chanctx_conf): the compared value is not @e's.
 */
static bool only_address(const struct event *e, const struct event *const *v,
			 unsigned n)
{
	unsigned i, j;

	for (i = 0; i < n; i++)
		for (j = 0; v[i] != e && j < v[i]->nadeps; j++)
			if (v[i]->adeps[j] == e)
				return true;
	return false;
}

/* The marked pointer load whose value is compared, or NULL. */
static const struct event *compared_head(const struct event *const *v,
					 unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++) {
		if (only_address(v[i], v, n))
			continue;
		/* rcu_access_pointer() is the reference's own safe compare */
		if (events_has_role(v[i], R_PTR_ONLY))
			return NULL;
		if (is_linux_head(v[i]) && (v[i]->flags & EVF_POINTER))
			return v[i];
	}
	return NULL;
}

static bool any_marked(const struct event *const *v, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (v[i]->cls != OC_PLAIN && v[i]->cls != OC_NONE)
			return true;
	return false;
}

/* A load through @head in @l, or after @br in @l if @after. */
static const struct event *load_through(const struct evlist *l,
					const struct event *head)
{
	return find_in(l, is_load_use_of, head);
}

static bool ends_in_jump(const struct evlist *l)
{
	return l->n && l->v[l->n - 1]->type == EV_JUMP;
}

static void compare_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	const struct event *br, *head, *use;
	const struct ptr_compare *pc;
	struct oc_diag *d;
	char hs[160], us[160];
	unsigned i, side;

	evlist_for_each(l, i, br) {
		const char *ptr, *other;
		bool other_null, other_addr;

		if (br->type != EV_BRANCH || !(pc = br->cmp))
			continue;
		for (side = 0; side < 2; side++) {
			const struct event *const *mine =
				side ? pc->rhs : pc->lhs;
			const struct event *const *theirs =
				side ? pc->lhs : pc->rhs;
			unsigned nmine = side ? pc->nrhs : pc->nlhs;
			unsigned ntheirs = side ? pc->nlhs : pc->nrhs;

			if (!(head = compared_head(mine, nmine)))
				continue;
			ptr = side ? pc->rhs_text : pc->lhs_text;
			other = side ? pc->lhs_text : pc->rhs_text;
			other_null = side ? pc->lhs_null : pc->rhs_null;
			other_addr = side ? pc->lhs_addr : pc->rhs_addr;
			/* safe: NULL, or both came from marked loads */
			if (other_null || any_marked(theirs, ntheirs))
				break;
			use = load_through(&br->legs[pc->equal_leg], head);
			/* if (p != &x) return; ... p->a: the rest is equal */
			if (!use && ends_in_jump(&br->legs[!pc->equal_leg])) {
				struct evlist rest = { l->v + i + 1,
						       l->n - i - 1, 0 };

				use = load_through(&rest, head);
			}
			if (!use)
				break;
			d = rule_report(
				s->ctx, s->self, s->fn, br,
				"'%s' (from %s) is compared with %s'%s', then "
				"read through (%s) where the two are equal: the "
				"compiler may read through '%s' instead, which "
				"does not depend on the load, so the read may "
				"happen before it; compare with "
				"rcu_access_pointer(), or do not read through "
				"'%s' after the comparison",
				ptr ? ptr : "?",
				rule_event_text(head, hs, sizeof(hs)),
				other_addr ? "the address " : "",
				other ? other : "?",
				shown(s, use, us, sizeof(us)),
				other ? other : "?", ptr ? ptr : "?");
			rule_note(d, head, "the load the dependency starts at");
			rule_note(d, use, "the read that may lose it");
			break;
		}
	}
}

static void check_addr_dep_pointer_compare(struct rule_ctx *ctx,
					   const struct rule *self,
					   const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	events_for_each_list(fn, compare_list, &s);
}

/* ---- addr-dep-integer ---- */

static void integer_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	const struct event *e, *head;
	struct oc_diag *d;
	char hs[160], es[160];
	unsigned i, j;

	evlist_for_each(l, i, e) {
		if (!(e->addr_how & (AH_CANCEL | AH_REL)))
			continue;
		head = NULL;
		for (j = 0; j < e->nadeps && !head; j++)
			if (is_linux_head(e->adeps[j]) ||
			    (e->adeps[j]->prim &&
			     e->adeps[j]->order == MO_CONSUME))
				head = e->adeps[j];
		/*
		 * The operation is inside the primitive's own invocation (the
		 * lockdep condition of rcu_dereference_check(p, a || b)): it
		 * is not what the code does to the pointer.
		 */
		if (!head || (e->addr_why_span.file && head->span.file &&
			      !strcmp(e->addr_why_span.file, head->span.file) &&
			      e->addr_why_span.off >= head->span.off &&
			      e->addr_why_span.off < head->span.end_off))
			continue;
		d = rule_report(
			s->ctx, s->self, s->fn, e,
			"the address of %s depends on %s only through "
			"'%s', %s: the access no longer depends on the "
			"load and may happen before it; keep the "
			"pointer itself (low-bit tagging and XOR are "
			"the allowed integer idioms)",
			shown(s, e, es, sizeof(es)),
			rule_event_text(head, hs, sizeof(hs)),
			e->addr_why ? e->addr_why : "?",
			(e->addr_how & AH_CANCEL) ?
				"which the compiler folds to a constant" :
				"a truth value the compiler computes with "
				"a branch (a control dependency, which "
				"does not order loads)");
		rule_note(d, head, "the load the dependency starts at");
		rule_note_span(d, &e->addr_why_span, "where it is lost");
	}
}

static void check_addr_dep_integer(struct rule_ctx *ctx,
				   const struct rule *self,
				   const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	events_for_each_list(fn, integer_list, &s);
}

/* ---- addr-dep-c11-relaxed ---- */

static bool is_acquire_fence(const struct event *e, const void *arg)
{
	(void)arg;
	return e->type == EV_FENCE &&
	       (e->cls == OC_FENCE_ACQ || e->cls == OC_FENCE_ACQREL ||
		e->cls == OC_FENCE_FULL);
}

static bool is_read_depends(const struct event *e, const void *arg)
{
	(void)arg;
	return e->type == EV_FENCE && events_has_role(e, R_READ_DEPENDS);
}

/*
 * A load that orders no dependency: C11's relaxed one, whose writer must
 * release; a dialect's marked one that heads none (R_NO_DEP), however
 * the writer publishes, unless the barrier that makes it one follows.
 */
static bool no_dep_load(const struct scan *s, const struct event *e,
			const struct publisher *p)
{
	if (e->prim->model == M_C11)
		return e->order == MO_RELAXED && p->at->cls == OC_REL_STORE;
	return events_has_role(e, R_NO_DEP) &&
	       !find_in(&s->fn->body, is_read_depends, NULL);
}

static void c11_list(const struct evlist *l, void *arg)
{
	struct scan *s = arg;
	const struct event *e, *use;
	const struct publisher *p;
	struct oc_diag *d;
	char us[160];
	unsigned i;

	evlist_for_each(l, i, e) {
		if (e->type != EV_ACCESS || !e->prim || e->kind != K_LOAD ||
		    !(e->flags & EVF_POINTER) || !e->key ||
		    !(p = rule_tu_publisher(s->ctx, e->key)) ||
		    !no_dep_load(s, e, p) || !(use = first_use(s->fn, e)) ||
		    update_side(s->fn, e->key, p) ||
		    find_in(&s->fn->body, is_acquire_fence, NULL))
			continue;
		if (e->prim->model == M_LKMM) {
			d = rule_report(
				s->ctx, s->self, s->fn, e,
				"%s() of '%s', then read through (%s): "
				"it heads no address dependency, so "
				"the read may see what was there before "
				"%s in %s() published it; use "
				"rcu_dereference()",
				e->name, key_text(e->key),
				shown(s, use, us, sizeof(us)), p->how,
				p->function);
			rule_note(d, p->at, "published here");
			rule_note(d, use, "read through here");
			continue;
		}
		d = rule_report(s->ctx, s->self, s->fn, e,
				"relaxed load of '%s', then read through (%s): "
				"C11 gives a relaxed load no dependency "
				"ordering, so the read may see what was there "
				"before %s in %s() published it; use "
				"memory_order_acquire (memory_order_consume is "
				"compiled as acquire)",
				key_text(e->key), shown(s, use, us, sizeof(us)),
				p->how, p->function);
		rule_note(d, p->at, "published here");
		rule_note(d, use, "read through here");
	}
}

static void check_addr_dep_c11_relaxed(struct rule_ctx *ctx,
				       const struct rule *self,
				       const struct function_ir *fn)
{
	struct scan s = { ctx, self, fn };

	events_for_each_list(fn, c11_list, &s);
}

static const struct rule rules[] = {
	{ "addr-dep-plain-load", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION_CLAIMS(check_addr_dep_plain_load, rule_claims_reader),
	  "a published pointer (`rcu_assign_pointer()`, release, `smp_wmb(); "
	  "WRITE_ONCE()`) read with a plain load in a lockless reader, then "
	  "dereferenced" },
	{ "addr-dep-plain-load-unlocked", SEV_WARNING, FIX_NONE,
	  ON_TREE_YIELDS(check_addr_dep_plain_load_unlocked, 0,
			 "addr-dep-plain-load addr-dep-c11-relaxed "
			 "ctrl-dep-load-load ctrl-dep-c11-relaxed"),
	  "a published pointer read with a plain load, then dereferenced, "
	  "outside any RCU section, where no access of it anywhere in the "
	  "tree holds a lock" },
	{ "addr-dep-unannotated", SEV_NOTE, FIX_NONE,
	  ON_FUNCTION(check_addr_dep_unannotated),
	  "`READ_ONCE()` of a published pointer heads the dependency the code "
	  "relies on, and nothing names it" },
	{ "addr-dep-pointer-compare", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION(check_addr_dep_pointer_compare),
	  "a dependency-carrying pointer compared with a known address (or "
	  "another pointer), then read through where they are equal" },
	{ "addr-dep-integer", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION(check_addr_dep_integer),
	  "the dependency goes through arithmetic that cancels (`p - p`, `& "
	  "0`) or a comparison feeding an index" },
	{ "addr-dep-c11-relaxed", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION_CLAIMS(check_addr_dep_c11_relaxed, rule_claims_reader),
	  "C11/GNU relaxed load of a pointer published by a release, or a "
	  "marked load that heads no dependency (urcu's `uatomic_read()`), "
	  "then read through" },
};

const struct rule_family family_addr_deps = {
	"address dependencies", rules, sizeof(rules) / sizeof(rules[0])
};
