// SPDX-License-Identifier: GPL-2.0
/*
 * The pairing pass. Each function gives its ordered pairs of accesses to
 * two different locations (first, then, and how the function orders them,
 * order.c); the pass sorts them by location keys and joins each pair with
 * the pairs of other functions that make a two-sided shape with it:
 *
 *	MP	W a; W b      ||  R b; R a		pair-missing-acquire/-release
 *	S	W a; W b      ||  R b; W a		pair-missing-acquire
 *	SB	W a; R b      ||  W b; R a		sb-needs-full-barrier
 *
 * and a wrong kind of ordering on either side is pair-wrong-barrier. A
 * shape is only looked at where the flag (b) is marked on both sides: a
 * plain flag is a data race, which other rules report. Where a side's
 * ordering cannot be told (a call or a lock between), nothing is said.
 */
#include "pairing.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../events/keys.h"
#include "../rules/registry.h"
#include "../vocab.h"
#include "litmus.h"

/*
 * How far apart (in facts) two accesses of one pair may be: the two sides
 * of message passing sit close together (data; smp_wmb(); flag), and far
 * apart a fence is mostly there for something else.
 */
enum { WINDOW = 24 };

enum role {
	ROLE_WW, /* writer of MP and S */
	ROLE_RR, /* reader of MP */
	ROLE_RW, /* reader of S */
	ROLE_WR, /* a side of SB */
};

static const unsigned role_need[] = {
	[ROLE_WW] = VO_WW,
	[ROLE_RR] = VO_RR,
	[ROLE_RW] = VO_RW,
	[ROLE_WR] = VO_WR,
};

struct entry {
	enum role role;
	const char *k1, *k2; /* keys of the first and second access */
	unsigned fn, i, j;
	struct ordering o;
};

/*
 * Struct types whose fields every subsystem touches for its own objects:
 * a key of theirs names no one object, and joining on it pairs strangers.
 */
static const char *const generic_types[] = {
	"list_head",	    "hlist_head",      "hlist_node", "hlist_nulls_node",
	"rb_node",	    "rb_root",	       "llist_node", "llist_head",
	"callback_head",    "refcount_struct", "kref",	     "wait_queue_head",
	"wait_queue_entry", "task_struct",
};

/*
 * Types every protocol or filesystem embeds and uses for its own ends:
 * two functions pair on their fields only within one directory (a TCP
 * function does not pair with a netlink one on struct sock).
 */
static const char *const hub_types[] = {
	"sock",	       "sock_common",	"sk_buff",    "inode",
	"file",	       "dentry",	"page",	      "folio",
	"super_block", "address_space", "net_device", "bio",
};

static bool is_hub(const char *key)
{
	unsigned i;

	for (i = 0; i < sizeof(hub_types) / sizeof(hub_types[0]); i++)
		if (keys_of_struct(key, hub_types[i]))
			return true;
	return false;
}

static bool same_dir(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	size_t la = sa ? (size_t)(sa - a) : 0, lb = sb ? (size_t)(sb - b) : 0;

	return la == lb && !strncmp(a, b, la);
}

static bool joinable(const char *key)
{
	unsigned i;

	for (i = 0; i < sizeof(generic_types) / sizeof(generic_types[0]); i++)
		if (keys_of_struct(key, generic_types[i]))
			return false;
	return events_shared_key(key);
}

struct occurrence;

struct pass {
	const struct fact_set *set;
	const bool *report;
	const struct pairing_opts *o;
	const struct diag_list *seen;
	struct diag_list *out;
	struct callee_index *callees;
	struct entry *v;
	size_t n, cap;
	struct strset *reported; /* "rule|fn|k1|k2" already reported */
	struct occurrence *occ;
	size_t nocc, capocc;
	unsigned nlitmus;
};

static void add_entry(struct pass *p, enum role role, unsigned fn, unsigned i,
		      unsigned j)
{
	const struct fact_fn *f = &p->set->fns[fn];
	struct entry *e;

	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 4096;
		p->v = xrealloc(p->v, p->cap * sizeof(*p->v));
	}
	e = &p->v[p->n++];
	e->role = role;
	e->k1 = f->v[i].key;
	e->k2 = f->v[j].key;
	e->fn = fn;
	e->i = i;
	e->j = j;
	e->o = order_between(f, i, j, role_need[role], p->callees);
}

static bool marked(const struct fact *f)
{
	return f->flags & FA_MARKED;
}

/*
 * @b's location was read before fact @i: a second read of it after @i is
 * a re-read (a retry loop starting over), not data read after a flag.
 */
static bool read_before(const struct fact_fn *f, unsigned i,
			const struct fact *b)
{
	unsigned k;

	for (k = 0; k < i; k++)
		if (f->v[k].key == b->key && fact_reads(&f->v[k]))
			return true;
	return false;
}

/*
 * A read that says by its name it needs no order: rcu_access_pointer()
 * only looks at the pointer, rcu_dereference_protected() and friends hold
 * the update-side lock. Not the flag read of a lockless reader.
 */
static bool unordered_by_name(const struct fact *f)
{
	const struct vocab_entry *p = vocab_lookup(f->name, false);

	return p && (p->roles & (R_PTR_ONLY | R_UPDATE_SIDE));
}

/* The pairs of one function that can be a side of a shape. */
static void collect_fn(struct pass *p, unsigned fn)
{
	const struct fact_fn *f = &p->set->fns[fn];
	unsigned i, j;

	for (i = 0; i < f->n; i++) {
		const struct fact *a = &f->v[i];

		if (!fact_is_access(a) || !joinable(a->key))
			continue;
		for (j = i + 1; j < f->n && j <= i + WINDOW; j++) {
			const struct fact *b = &f->v[j];

			if (!fact_is_access(b) || b->key == a->key ||
			    !joinable(b->key) || !facts_compatible(f, a, b) ||
			    (a->locks && b->locks))
				continue;
			if (fact_writes(a) && fact_writes(b) && marked(b))
				add_entry(p, ROLE_WW, fn, i, j);
			if (fact_reads(a) && marked(a) && b->op == FO_LOAD &&
			    !read_before(f, i, b) && !unordered_by_name(a))
				add_entry(p, ROLE_RR, fn, i, j);
			if (fact_reads(a) && marked(a) && b->op == FO_STORE &&
			    marked(b) && !unordered_by_name(a))
				add_entry(p, ROLE_RW, fn, i, j);
			/* an RMW reads the latest value: not an SB load */
			if (fact_writes(a) && marked(a) && b->op == FO_LOAD &&
			    marked(b))
				add_entry(p, ROLE_WR, fn, i, j);
		}
	}
}

static int cmp_entry(const void *x, const void *y)
{
	const struct entry *a = x, *b = y;
	int c;

	if (a->role != b->role)
		return (int)a->role - (int)b->role;
	if ((c = strcmp(a->k1, b->k1)) || (c = strcmp(a->k2, b->k2)))
		return c;
	if (a->fn != b->fn)
		return a->fn < b->fn ? -1 : 1;
	return a->i != b->i ? (a->i < b->i ? -1 : 1) :
			      (a->j < b->j ? -1 : a->j > b->j);
}

/* The entries of @role with keys (k1, k2): [*lo, return). */
static size_t find_group(const struct pass *p, enum role role, const char *k1,
			 const char *k2, size_t *lo)
{
	size_t l = 0, h = p->n, m;
	int c;

	while (l < h) {
		m = (l + h) / 2;
		c = (int)p->v[m].role - (int)role;
		if (!c && !(c = strcmp(p->v[m].k1, k1)))
			c = strcmp(p->v[m].k2, k2);
		if (c < 0)
			l = m + 1;
		else
			h = m;
	}
	*lo = l;
	for (h = l; h < p->n && p->v[h].role == role && p->v[h].k1 == k1 &&
		    p->v[h].k2 == k2;
	     h++)
		;
	return h;
}

/* ---- reporting ---- */

static const struct fact *first(const struct pass *p, const struct entry *e)
{
	return &p->set->fns[e->fn].v[e->i];
}

static const struct fact *second(const struct pass *p, const struct entry *e)
{
	return &p->set->fns[e->fn].v[e->j];
}

static const char *fname(const struct pass *p, const struct entry *e)
{
	return p->set->fns[e->fn].name;
}

/* Two sides may pair: on a hub type's fields only within a directory. */
static bool may_pair(const struct pass *p, const struct entry *x,
		     const struct entry *y)
{
	if (!is_hub(x->k1) && !is_hub(x->k2))
		return true;
	return same_dir(p->set->fns[x->fn].file, p->set->fns[y->fn].file);
}

/* Once per rule, function and pair of keys; only for TUs being reported. */
static bool first_report(struct pass *p, const char *rule,
			 const struct entry *e)
{
	char *k;
	bool added;

	if (p->report && !p->report[p->set->fns[e->fn].tu])
		return false;
	if (!registry_enabled(registry_find(rule)))
		return false;
	k = xasprintf("%s|%u|%s|%s", rule, e->fn, e->k1, e->k2);
	added = strset_add(p->reported, k);
	free(k);
	return added;
}

/* A diagnostic of @rule already at @f's place (a per-function rule). */
static bool seen_at(const struct pass *p, const char *rule,
		    const struct fact *f)
{
	unsigned i;

	for (i = 0; p->seen && i < p->seen->n; i++) {
		const struct oc_diag *d = &p->seen->v[i];

		if (d->rule && !strcmp(d->rule, rule) && d->line == f->line &&
		    !strcmp(d->file, f->file))
			return true;
	}
	return false;
}

static struct oc_diag *report_at(struct pass *p, const char *rule,
				 const struct entry *on, const struct fact *at,
				 const char *msg)
{
	const struct rule *r = registry_find(rule);

	return diag_add(p->out, rule, r->sev, at->file, at->line, at->col,
			fname(p, on), msg);
}

static void note(struct oc_diag *d, const struct fact *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void note(struct oc_diag *d, const struct fact *at, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	diag_add_note(d, at->file, at->line, at->col, msg);
	free(msg);
}

/* "smp_wmb()", "the release smp_store_release()", ... for messages. */
static const char *how_text(const struct ordering *o, char *buf, size_t n)
{
	if (!o->by)
		snprintf(buf, n, "nothing");
	else if (o->by->op == FO_FENCE || o->by->op == FO_CALL)
		snprintf(buf, n, "%s()", o->by->name);
	else if (o->what && o->by->name[0])
		snprintf(buf, n, "%s (%s())", o->what, o->by->name);
	else
		snprintf(buf, n, "%s", o->what ? o->what : "?");
	return buf;
}

static void note_side(struct pass *p, struct oc_diag *d, const struct entry *e,
		      const char *verb1, const char *verb2)
{
	char k[128], h[128];
	const struct fact_fn *fn = &p->set->fns[e->fn];

	note(d, first(p, e), "%s() %s '%s' here", fn->name, verb1,
	     litmus_key_text(e->k1, k, sizeof(k)));
	if (e->o.by && e->o.by != first(p, e) && e->o.by != second(p, e))
		note(d, e->o.by,
		     e->o.ord == ORD_YES ? "ordered by %s here" :
					   "%s here, which does not order them",
		     how_text(&e->o, h, sizeof(h)));
	note(d, second(p, e), "then %s '%s' here", verb2,
	     litmus_key_text(e->k2, k, sizeof(k)));
}

static bool c11_side(const struct pass *p, const struct entry *e)
{
	return (first(p, e)->flags & second(p, e)->flags & FA_C11) != 0;
}

/*
 * The writer allocated before its stores (kzalloc(), kmem_cache_alloc(),
 * ..._alloc()): it is initialising an object nobody else sees yet, and
 * the publication that follows elsewhere orders it.
 */
static bool initialising(const struct pass *p, const struct entry *w)
{
	const struct fact_fn *f = &p->set->fns[w->fn];
	unsigned k;

	for (k = 0; k < w->i; k++)
		if (f->v[k].op == FO_CALL &&
		    vocab_name_is(f->v[k].name, R_ALLOCATES))
			return true;
	return false;
}

/* --emit-litmus and --herd for the finding @d. */
static void attach_litmus(struct pass *p, struct oc_diag *d, const char *rule,
			  enum shape shape, const struct entry *e0,
			  const struct entry *e1)
{
	struct litmus_side s0 = { &p->set->fns[e0->fn], e0->i, e0->j, e0->o };
	struct litmus_side s1 = { &p->set->fns[e1->fn], e1->i, e1->j, e1->o };
	char *path, *verdict, *msg;

	if (!p->o || !p->o->litmus_dir)
		return;
	path = litmus_write(p->o->litmus_dir, ++p->nlitmus, rule, shape, &s0,
			    &s1);
	if (!path)
		return;
	msg = xasprintf("litmus test: %s", path);
	diag_add_note(d, path, 1, 1, msg);
	free(msg);
	if (p->o->herd) {
		verdict = litmus_herd(path, p->o->herd_dir,
				      c11_side(p, e0) && c11_side(p, e1));
		msg = verdict ? xasprintf("herd7 says: %s", verdict) :
				xstrdup("herd7 gave no verdict (not on PATH?)");
		diag_add_note(d, path, 1, 1, msg);
		free(msg);
		free(verdict);
	}
	free(path);
}

/*
 * A side that shows it means to order: an explicit fence in the function
 * (not one a call, a wake-up or a value-returning RMW makes as a side
 * effect), an acquire read of the flag, a release store of it, or (for a
 * reader) a dependency. Only such a side makes the other side's lack of
 * order a finding: kernel code is full of refcounts and bit flags whose
 * RMWs order incidentally.
 */
static bool intends(const struct pass *p, const struct entry *e)
{
	const struct fact *by = e->o.by;

	if (e->o.ord != ORD_YES || !by)
		return false;
	if (by->op == FO_FENCE)
		return !(by->flags & (F_SIDE | F_WAKE));
	/* xchg() as the store of store buffering: smp_store_mb()'s way */
	if (by == first(p, e) && e->role == ROLE_WR)
		return by->cls == OC_RMW_FULL;
	if (by == first(p, e))
		return by->cls == OC_ACQ_LOAD ||
		       (by->cls == OC_DEP_LOAD && e->role != ROLE_WW) ||
		       (e->o.what && strstr(e->o.what, "dependency"));
	if (by == second(p, e))
		return by->cls == OC_REL_STORE || by->cls == OC_PUBLISH ||
		       by->cls == OC_RMW_REL;
	return false;
}

static const char *acquire_fix(const struct pass *p, const struct entry *r)
{
	return (first(p, r)->flags & FA_C11) ?
		       "memory_order_acquire on the load of" :
		       "smp_load_acquire() for";
}

/*
 * The per-function rules that already report this reader: the same bug
 * seen from one function, with the fix in its terms.
 */
static bool reader_reported(const struct pass *p, const struct entry *r)
{
	static const char *const rules[] = {
		"ctrl-dep-load-load",
		"addr-dep-c11-relaxed",
		"addr-dep-plain-load",
		"ctrl-dep-c11-relaxed",
	};
	unsigned i;

	const struct fact *via =
		second(p, r)->adep >= 0 ?
			&p->set->fns[r->fn].v[second(p, r)->adep] :
			NULL;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (seen_at(p, rules[i], first(p, r)) ||
		    seen_at(p, rules[i], second(p, r)) ||
		    (via && seen_at(p, rules[i], via)))
			return true;
	return false;
}

/* MP and S: a writer pair @w (W a; W b) against a reader pair @r (R b; x a). */
static void judge_mp(struct pass *p, const struct entry *w,
		     const struct entry *r, enum shape shape)
{
	char a[128], b[128], h[128], *msg;
	struct oc_diag *d;
	const char *rule;

	if (w->fn == r->fn || w->o.ord == ORD_UNKNOWN ||
	    r->o.ord == ORD_UNKNOWN || !may_pair(p, w, r))
		return;
	litmus_key_text(w->k1, a, sizeof(a));
	litmus_key_text(w->k2, b, sizeof(b));
	if (intends(p, w) && r->o.ord == ORD_NONE) {
		rule = "pair-missing-acquire";
		if (reader_reported(p, r) || !first_report(p, rule, r))
			return;
		msg = shape == SHAPE_MP ?
			      xasprintf(
				      "'%s' is read after '%s' with nothing "
				      "ordering the two reads, but %s() orders "
				      "its stores to them with %s: use %s '%s' "
				      "(or smp_rmb() between)",
				      a, b, fname(p, w),
				      how_text(&w->o, h, sizeof(h)),
				      acquire_fix(p, r), b) :
			      xasprintf(
				      "'%s' is stored after '%s' is read with "
				      "nothing ordering them, but %s() orders "
				      "its store to '%s' before '%s' with %s: "
				      "its store can overwrite this one; use "
				      "%s '%s'",
				      a, b, fname(p, w), a, b,
				      how_text(&w->o, h, sizeof(h)),
				      acquire_fix(p, r), b);
		d = report_at(p, rule, r, second(p, r), msg);
		free(msg);
		note_side(p, d, r, "reads",
			  shape == SHAPE_MP ? "reads" : "stores");
		note_side(p, d, w, "stores", "stores");
		attach_litmus(p, d, rule, shape, w, r);
	} else if (w->o.ord == ORD_NONE && intends(p, r) &&
		   !(r->o.what && strstr(r->o.what, "dependency")) &&
		   shape == SHAPE_MP) {
		/*
		 * (A dependency-ordered reader is left out: its writers are
		 * mostly initialisation before a later publication, and a
		 * pointer published without order is addr-dep-*'s to say.)
		 */
		rule = "pair-missing-release";
		if (initialising(p, w) || !first_report(p, rule, w))
			return;
		msg = xasprintf(
			"'%s' is stored after '%s' with nothing ordering "
			"the two stores, but %s() reads them in the "
			"other order with %s: use %s '%s' (or "
			"smp_wmb() between)",
			b, a, fname(p, r), how_text(&r->o, h, sizeof(h)),
			(second(p, w)->flags & FA_C11) ?
				"memory_order_release on the store to" :
				"smp_store_release() for",
			b);
		d = report_at(p, rule, w, second(p, w), msg);
		free(msg);
		note_side(p, d, w, "stores", "stores");
		note_side(p, d, r, "reads", "reads");
		attach_litmus(p, d, rule, shape, w, r);
	} else if ((w->o.ord == ORD_WRONG && intends(p, r)) ||
		   (r->o.ord == ORD_WRONG && intends(p, w))) {
		const struct entry *bad = w->o.ord == ORD_WRONG ? w : r;

		rule = "pair-wrong-barrier";
		if (!first_report(p, rule, bad))
			return;
		msg = xasprintf("%s does not order the %s of '%s' and '%s' "
				"that %s() %s in the other order: use %s",
				how_text(&bad->o, h, sizeof(h)),
				bad == w ? "stores" : "loads", bad == w ? a : b,
				bad == w ? b : a, fname(p, bad == w ? r : w),
				bad == w ? "reads" : "writes",
				bad == w ? "smp_wmb()" : "smp_rmb()");
		d = report_at(p, rule, bad, bad->o.by, msg);
		free(msg);
		note_side(p, d, w, "stores", "stores");
		note_side(p, d, r, "reads",
			  shape == SHAPE_MP ? "reads" : "stores");
		attach_litmus(p, d, rule, shape, w, r);
	}
}

/* SB: @x (W a; R b) against @y (W b; R a). Reported on the weak side. */
static void judge_sb(struct pass *p, const struct entry *x,
		     const struct entry *y)
{
	char a[128], b[128], h[128], *msg;
	const char *rule;
	struct oc_diag *d;

	if (x->fn == y->fn || y->o.ord == ORD_UNKNOWN || x->o.ord == ORD_YES ||
	    !may_pair(p, x, y))
		return;
	/* one side full, the other nothing: half of a Dekker */
	if (x->o.ord == ORD_NONE && intends(p, y))
		rule = "sb-needs-full-barrier";
	else if (x->o.ord == ORD_WRONG &&
		 (intends(p, y) || y->o.ord == ORD_WRONG))
		rule = "pair-wrong-barrier";
	else
		return;
	if (!first_report(p, rule, x))
		return;
	litmus_key_text(x->k1, a, sizeof(a));
	litmus_key_text(x->k2, b, sizeof(b));
	if (x->o.ord == ORD_NONE)
		msg = xasprintf(
			"the store to '%s' and the load of '%s' after it "
			"are not ordered, but %s() stores '%s' and then "
			"loads '%s' with %s: store buffering lets both "
			"loads miss both stores unless each side has "
			"smp_mb() between its store and its load",
			a, b, fname(p, y), b, a, how_text(&y->o, h, sizeof(h)));
	else
		msg = xasprintf("%s does not order the store to '%s' before "
				"the load of '%s'; with %s() doing the same "
				"the other way round (store buffering), both "
				"loads can miss both stores: use smp_mb()",
				how_text(&x->o, h, sizeof(h)), a, b,
				fname(p, y));
	d = report_at(p, rule, x, x->o.ord == ORD_NONE ? second(p, x) : x->o.by,
		      msg);
	free(msg);
	note_side(p, d, x, "stores", "loads");
	note_side(p, d, y, "stores", "loads");
	attach_litmus(p, d, rule, SHAPE_SB, x, y);
}

static void join(struct pass *p)
{
	size_t i, lo, hi, k;

	for (i = 0; i < p->n; i++) {
		const struct entry *e = &p->v[i];

		if (e->role == ROLE_RR || e->role == ROLE_RW) {
			/* the writer stores k2 then k1 */
			hi = find_group(p, ROLE_WW, e->k2, e->k1, &lo);
			for (k = lo; k < hi; k++)
				judge_mp(p, &p->v[k], e,
					 e->role == ROLE_RR ? SHAPE_MP :
							      SHAPE_S);
		} else if (e->role == ROLE_WR) {
			hi = find_group(p, ROLE_WR, e->k2, e->k1, &lo);
			for (k = lo; k < hi; k++)
				judge_sb(p, e, &p->v[k]);
		}
	}
}

/* ---- barriers nobody pairs with ---- */

static bool has_lower(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] >= 'a' && s[i] <= 'z')
			return true;
	return false;
}

/* The names a "pairs with" comment gives as functions: "foo()" -> foo. */
static unsigned comment_names(const char *c, const char **names, unsigned max,
			      char *buf, size_t bufsize)
{
	unsigned n = 0;
	size_t used = 0, len;
	const char *s, *e;

	for (s = c; *s && n < max; s++) {
		if (!(s == c ||
		      !(s[-1] == '_' || (s[-1] >= 'a' && s[-1] <= 'z') ||
			(s[-1] >= 'A' && s[-1] <= 'Z') ||
			(s[-1] >= '0' && s[-1] <= '9'))))
			continue;
		for (e = s;
		     *e == '_' || (*e >= 'a' && *e <= 'z') ||
		     (*e >= 'A' && *e <= 'Z') || (*e >= '0' && *e <= '9');
		     e++)
			;
		len = (size_t)(e - s);
		if (!len || *e != '(' || used + len + 1 > bufsize)
			continue;
		/*
		 * "foo_*()" and "foo_(a|b)()" are families, "LMM(x)" a label
		 * macro: not names of functions
		 */
		if (s[len - 1] == '_' || !has_lower(s, len) ||
		    (s > c && !strchr(" \t(`'\"", s[-1])))
			continue;
		memcpy(buf + used, s, len);
		buf[used + len] = '\0';
		/* primitives name the partner's kind, not where it is */
		if (!vocab_lookup(buf + used, false)) {
			names[n++] = buf + used;
			used += len + 1;
		}
		s = e;
	}
	return n;
}

static bool defined_somewhere(const struct pass *p, const char *name)
{
	unsigned i;

	for (i = 0; i < p->set->nfns; i++)
		if (!strcmp(p->set->fns[i].name, name))
			return true;
	return false;
}

/* Every access of the tree, by key: where the partner of a fence may be. */
struct occurrence {
	const char *key;
	unsigned fn, i;
};

static int cmp_occ(const void *x, const void *y)
{
	const struct occurrence *a = x, *b = y;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->fn != b->fn ? (a->fn < b->fn ? -1 : 1) :
				(a->i < b->i ? -1 : a->i > b->i);
}

static void index_occurrences(struct pass *p)
{
	unsigned fn, i;

	for (fn = 0; fn < p->set->nfns; fn++)
		for (i = 0; i < p->set->fns[fn].n; i++) {
			const struct fact *f = &p->set->fns[fn].v[i];

			if (!fact_is_access(f) || !joinable(f->key))
				continue;
			if (p->nocc == p->capocc) {
				p->capocc = p->capocc ? 2 * p->capocc : 4096;
				p->occ = xrealloc(p->occ,
						  p->capocc * sizeof(*p->occ));
			}
			p->occ[p->nocc].key = f->key;
			p->occ[p->nocc].fn = fn;
			p->occ[p->nocc++].i = i;
		}
	if (p->nocc)
		qsort(p->occ, p->nocc, sizeof(*p->occ), cmp_occ);
}

/* The first access of @key in the index, or p->nocc if there is none. */
static size_t first_occurrence(const struct pass *p, const char *key)
{
	size_t l = 0, h = p->nocc, m;

	while (l < h) {
		m = (l + h) / 2;
		if (p->occ[m].key < key)
			l = m + 1;
		else
			h = m;
	}
	return l;
}

static bool accesses(const struct fact *f, bool reads)
{
	return reads ? fact_reads(f) : fact_writes(f);
}

/* Another function than @fn reads (@reads) or writes @key at all. */
static bool other_side_exists(const struct pass *p, unsigned fn, bool reads,
			      const char *key)
{
	size_t l;

	for (l = first_occurrence(p, key); l < p->nocc && p->occ[l].key == key;
	     l++)
		if (p->occ[l].fn != fn &&
		    accesses(&p->set->fns[p->occ[l].fn].v[p->occ[l].i], reads))
			return true;
	return false;
}

/*
 * Another function accesses @after and then @before, reading both (the
 * reader of an smp_wmb()) or writing both (the writer of an smp_rmb()):
 * a partner, whatever it orders them with, even an RMW.
 */
static bool has_partner(const struct pass *p, unsigned fn, bool reads,
			const char *before, const char *after)
{
	size_t l;
	unsigned k;

	for (l = first_occurrence(p, after);
	     l < p->nocc && p->occ[l].key == after; l++) {
		const struct fact_fn *f = &p->set->fns[p->occ[l].fn];

		if (p->occ[l].fn == fn || !accesses(&f->v[p->occ[l].i], reads))
			continue;
		for (k = p->occ[l].i + 1;
		     k < f->n && k <= p->occ[l].i + 2 * WINDOW; k++)
			if (f->v[k].key == before && accesses(&f->v[k], reads))
				return true;
	}
	return false;
}

static void unpaired_fence(struct pass *p, unsigned fn, unsigned at)
{
	const struct fact_fn *f = &p->set->fns[fn];
	const struct fact *fence = &f->v[at];
	bool wmb = fence->cls == OC_FENCE_W;
	const char *names[8];
	char buf[512], k1[128], k2[128], *msg;
	unsigned i, j, nnames, nb = 0, na = 0, dist = 0;
	const struct fact *before = NULL, *after = NULL;
	struct oc_diag *d;
	struct entry e = { .fn = fn, .i = at, .j = at };
	const char *rule = "pair-unpaired-barrier";

	if (fence->pairs) {
		nnames =
			comment_names(fence->pairs, names, 8, buf, sizeof(buf));
		for (i = 0; i < nnames; i++)
			if (defined_somewhere(p, names[i]))
				return;
		if (!nnames)
			return; /* it names no function: trust it */
		e.k1 = e.k2 = names[0];
		if (!first_report(p, rule, &e))
			return;
		msg = xasprintf("the comment says %s() pairs with %s(), which "
				"is not in the checked tree",
				fence->name, names[0]);
		report_at(p, rule, &e, fence, msg);
		free(msg);
		return;
	}
	/* the accesses it orders: loads for smp_rmb(), stores for smp_wmb() */
	for (i = 0; i < at; i++) {
		const struct fact *a = &f->v[i];

		if (!fact_is_access(a) || !joinable(a->key) ||
		    (wmb ? !fact_writes(a) : !fact_reads(a)) ||
		    !facts_compatible(f, a, fence))
			continue;
		for (j = at + 1; j < f->n && j <= at + WINDOW; j++) {
			const struct fact *b = &f->v[j];

			if (!fact_is_access(b) || !joinable(b->key) ||
			    b->key == a->key || !facts_compatible(f, fence, b))
				continue;
			if (wmb ? !fact_writes(b) : !fact_reads(b))
				continue;
			/* the flag side marked: lockless code that means it */
			if (!marked(wmb ? b : a))
				continue;
			/* a reader of b then a, or a writer of b then a */
			if (has_partner(p, fn, wmb, a->key, b->key))
				return;
			/* the nearest pair to the barrier stands for all */
			if (!before || j - i < dist) {
				before = a;
				after = b;
				dist = j - i;
			}
			nb++;
			na++;
		}
	}
	/*
	 * Orders nothing we can see on one side: the caller may. And where
	 * nobody else touches the flag at all (for smp_wmb() the later
	 * store, for smp_rmb() the earlier load), the other side is outside
	 * the tree we were given, not missing.
	 */
	if (!before || !after ||
	    !other_side_exists(p, fn, wmb, wmb ? after->key : before->key))
		return;
	e.k1 = before->key;
	e.k2 = after->key;
	if (!first_report(p, rule, &e))
		return;
	msg = xasprintf("%s() orders the %s of '%s' before '%s' (%u pair%s), "
			"but nothing in the checked tree %s them in the other "
			"order: an unneeded barrier, or a partner that is "
			"missing",
			fence->name, wmb ? "stores" : "loads",
			litmus_key_text(before->key, k1, sizeof(k1)),
			litmus_key_text(after->key, k2, sizeof(k2)), nb,
			nb == 1 ? "" : "s", wmb ? "reads" : "writes");
	d = report_at(p, rule, &e, fence, msg);
	free(msg);
	note(d, before, "%s '%s' here", wmb ? "stores" : "loads", k1);
	note(d, after, "then '%s' here", k2);
}

static void unpaired(struct pass *p)
{
	unsigned fn, i;

	for (fn = 0; fn < p->set->nfns; fn++) {
		const struct fact_fn *f = &p->set->fns[fn];

		if (f->in_header)
			continue;
		for (i = 0; i < f->n; i++) {
			const struct fact *x = &f->v[i];

			/* smp_acquire__after_ctrl_dep() pairs with the
			 * releases of the flag, not with a fence */
			if (x->op == FO_FENCE &&
			    !(x->flags &
			      (F_MANDATORY | F_DMA | FA_C11 | F_CTRL_DEP)) &&
			    (x->cls == OC_FENCE_W || x->cls == OC_FENCE_R))
				unpaired_fence(p, fn, i);
		}
	}
}

void pairing_run(const struct fact_set *facts, const bool *report,
		 const struct pairing_opts *o, const struct diag_list *seen,
		 struct diag_list *out)
{
	struct pass p = {
		.set = facts, .report = report, .o = o, .seen = seen, .out = out
	};
	unsigned fn;

	p.callees = callee_index_new(facts);
	p.reported = strset_new();
	for (fn = 0; fn < facts->nfns; fn++)
		collect_fn(&p, fn);
	if (p.n) /* qsort(NULL, 0) is undefined */
		qsort(p.v, p.n, sizeof(*p.v), cmp_entry);
	join(&p);
	index_occurrences(&p);
	unpaired(&p);
	strset_free(p.reported);
	callee_index_free(p.callees);
	free(p.v);
	free(p.occ);
}
