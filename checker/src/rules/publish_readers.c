// SPDX-License-Identifier: GPL-2.0
/*
 * A store after a publication races with a reader only if some reader can
 * run between the two. A publisher that stores the field holding lock L,
 * read only by functions that hold L too, is serialised with them: the
 * reader that takes L after the publisher lets it go sees the field
 * stored (the unlock and the lock order it). The blind reading of Linux
 * 6.1 found most of this rule's false findings so: fnhe_stamp under
 * fnhe_lock, wdev->registered and nh_parent under RTNL, a LED's trigger
 * under its trigger_lock (rules/FINDINGS-linux-6.1.md, "Stop 40").
 */
#include "publish_readers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

#include "../pairs/locksets.h"

static const char rule_id[] = "publish-then-init";

/* The callee's store a finding at its call names in a note. */
static const struct oc_note *stored_here(const struct oc_diag *d)
{
	unsigned i;

	for (i = 0; i < d->nnotes; i++)
		if (!strcmp(d->notes[i].message, "stored here"))
			return &d->notes[i];
	return NULL;
}

struct store_at {
	const char *file;
	unsigned line;
	const char *function; /* the publisher's, or NULL for a callee's */
};

/* Where the finding's initialising store is, as the facts name it. */
static struct store_at store_of(const struct oc_diag *d)
{
	const struct oc_note *n = stored_here(d);
	struct store_at s = { d->file, d->line, d->function };

	if (n) {
		s.file = n->file;
		s.line = n->line;
		s.function = NULL;
	}
	return s;
}

static bool is_store_at(const struct fact_fn *fn, const struct fact *f,
			const struct store_at *s)
{
	return f->op == FO_STORE && f->line == s->line && f->key[0] &&
	       !strcmp(f->file, s->file) &&
	       (!s->function || !strcmp(fn->name, s->function));
}

/* What the readers of one stored field are, against the store's locks. */
struct readers {
	unsigned n; /* loads and RMWs of the field in the set */
	/* of those, in functions that read nothing under RCU, where only an
	 * RCU reader counts (rcu_only) */
	unsigned norcu;
	const struct fact *unlocked; /* the first that the store's locks
				      * do not exclude, or NULL */
	const struct fact_fn *unlocked_fn;
	char lock[LOCKSET_MAX]; /* a lock that excluded the last one */
};

/*
 * @fn reads something under rcu_read_lock(), or through an RCU
 * dereference: it may find an object an RCU publication makes reachable.
 */
static bool reads_rcu(const struct fact_fn *fn)
{
	unsigned k;

	for (k = 0; k < fn->n; k++)
		if ((fn->v[k].flags & FA_RCU) || fn->v[k].cls == OC_DEP_LOAD)
			return true;
	return false;
}

/* "swap_extent_root" of "struct swap_info_struct.swap_extent_root". */
static const char *member_of(const char *key)
{
	const char *dot = strrchr(key, '.');

	return dot && strncmp(key, "global:", 7) ? dot + 1 : NULL;
}

/*
 * @f reads inside the member: "sis->swap_extent_root.rb_node" has its
 * own key ("struct rb_root.rb_node"), and says where it is only by the
 * path of the object holding it. Any member of that name counts: more
 * readers can only keep a finding. Not for a pointer: "led_cdev->
 * trigger->name" loads the pointer, a read of its own key, and a member
 * of that name in another structure ("effect->trigger.button") would
 * count.
 */
static bool reads_inside(const struct fact *f, const char *member)
{
	size_t lb, lm;

	if (!member || !f->base)
		return false;
	lb = strlen(f->base);
	lm = strlen(member);
	if (lb <= lm || strcmp(f->base + lb - lm, member))
		return false;
	return f->base[lb - lm - 1] == '.' ||
	       (lb > lm + 1 && !strncmp(f->base + lb - lm - 2, "->", 2));
}

static void read_field(const struct fact_set *set, const struct fact *store,
		       bool rcu_only, struct readers *r)
{
	/* a pointer's readers load it by its own key first */
	const char *member =
		(store->flags & FA_POINTER) ? NULL : member_of(store->key);
	unsigned i, k;

	for (i = 0; i < set->nfns; i++) {
		const struct fact_fn *fn = &set->fns[i];

		for (k = 0; k < fn->n; k++) {
			const struct fact *f = &fn->v[k];

			if ((f->op != FO_LOAD && f->op != FO_RMW) ||
			    (f->key != store->key && !reads_inside(f, member)))
				continue;
			r->n++;
			if (rcu_only && !reads_rcu(fn)) {
				r->norcu++;
				continue;
			}
			if (!r->unlocked &&
			    !lockset_excludes(store->lockset, f->lockset,
					      r->lock, sizeof(r->lock))) {
				r->unlocked = f;
				r->unlocked_fn = fn;
			}
		}
	}
}

enum why_dropped { KEPT, NO_READER, NO_RCU_READER, SAME_LOCK };

struct filter_arg {
	const struct fact_set *set;
	bool whole;
	bool rcu_only; /* the finding's publication is RCU's */
	const struct tree_explain *explain;
	bool *keep; /* each finding's verdict, in order */
	unsigned next;
};

static bool keep(const struct oc_diag *d, void *arg)
{
	struct filter_arg *a = arg;

	(void)d;
	return a->keep[a->next++];
}

struct judged {
	enum why_dropped why;
	const struct fact *store;
	struct readers r;
};

/*
 * Every store of the line @at must be out of the readers' reach: a line
 * that stores two fields is dropped only if both are.
 */
static struct judged judge(const struct filter_arg *a,
			   const struct store_at *at)
{
	const struct fact_set *set = a->set;
	struct judged j = { KEPT, NULL, { 0 } };
	unsigned i, k, found = 0, dropped = 0;

	for (i = 0; i < set->nfns; i++) {
		const struct fact_fn *fn = &set->fns[i];

		for (k = 0; k < fn->n; k++) {
			const struct fact *f = &fn->v[k];
			struct readers r = { 0 };

			if (!is_store_at(fn, f, at))
				continue;
			found++;
			read_field(set, f, a->rcu_only, &r);
			if (r.unlocked || (!r.n && !a->whole)) {
				j.why = KEPT;
				j.store = f;
				j.r = r;
				return j;
			}
			dropped++;
			j.store = f;
			j.r = r;
		}
	}
	if (found && dropped == found)
		j.why = !j.r.n		   ? NO_READER :
			j.r.norcu == j.r.n ? NO_RCU_READER :
					     SAME_LOCK;
	return j;
}

static void explain(const struct tree_explain *ex, const struct oc_diag *d,
		    const struct judged *j)
{
	if (!ex || !j->store || !tree_explain_on_line(ex, d->file, d->line))
		return;
	if (j->why == KEPT && j->r.unlocked)
		fprintf(ex->out,
			"explain: [%s] at %s:%u: %s() reads '%s' at %s:%u "
			"holding %s, which does not exclude the store's %s\n",
			rule_id, d->file, d->line, j->r.unlocked_fn->name,
			j->store->key, j->r.unlocked->file, j->r.unlocked->line,
			j->r.unlocked->lockset[0] ? j->r.unlocked->lockset :
						    "no lock",
			j->store->lockset[0] ? j->store->lockset : "none");
	else if (j->why == KEPT)
		fprintf(ex->out,
			"explain: [%s] at %s:%u: no reader of '%s' in the "
			"files checked, which may be a part of the program\n",
			rule_id, d->file, d->line, j->store->key);
	else if (j->why == NO_READER)
		fprintf(ex->out,
			"explain: [%s] at %s:%u: not reported: no function "
			"of the tree reads '%s'\n",
			rule_id, d->file, d->line, j->store->key);
	else if (j->why == NO_RCU_READER)
		fprintf(ex->out,
			"explain: [%s] at %s:%u: not reported: the object is "
			"published to RCU readers, and none of the %u read%s "
			"of '%s' in the tree is in a function that reads under "
			"rcu_read_lock() or through an RCU dereference\n",
			rule_id, d->file, d->line, j->r.n,
			j->r.n == 1 ? "" : "s", j->store->key);
	else
		fprintf(ex->out,
			"explain: [%s] at %s:%u: not reported: the store "
			"holds '%s' and so %s %u read%s of '%s' in the "
			"tree: a reader takes the lock after the publisher "
			"lets it go\n",
			rule_id, d->file, d->line, j->r.lock,
			j->r.n == 1 ? "does its" : "do all", j->r.n,
			j->r.n == 1 ? "" : "s", j->store->key);
}

/*
 * The finding's publication is an RCU primitive's (list_add_rcu(),
 * rcu_assign_pointer()): its lockless readers are RCU readers.
 */
static bool rcu_publication(const struct oc_diag *d)
{
	const char *by = strstr(d->message, PUBLISH_BY);
	const char *paren = by ? strchr(by, '(') : NULL;
	const char *rcu = by ? strstr(by, "rcu") : NULL;

	return rcu && paren && rcu < paren;
}

/* The further stores the finding counts: "(and 3 more stores)". */
static unsigned more_stores(const char *message, const char **at,
			    const char **end)
{
	const char *m = strstr(message, PUBLISH_MORE_STORES);
	const char *open;
	unsigned n;

	if (!m)
		return 0;
	for (open = m; open > message && open[-1] != '('; open--)
		;
	if (open == message || sscanf(open, "and %u", &n) != 1)
		return 0;
	*at = open - 2; /* " (" */
	*end = strchr(m, ')');
	return *end ? n : 0;
}

static bool is_also(const struct oc_note *n)
{
	return !strncmp(n->message, PUBLISH_ALSO_START,
			strlen(PUBLISH_ALSO_START));
}

static void drop_note(struct oc_diag *d, unsigned i)
{
	free(d->notes[i].file);
	free(d->notes[i].message);
	memmove(&d->notes[i], &d->notes[i + 1],
		(d->nnotes - i - 1) * sizeof(*d->notes));
	d->nnotes--;
}

/* The message with its count of further stores set to @n. */
static void set_more(struct oc_diag *d, unsigned n)
{
	const char *at, *end;
	char *s;
	size_t len;

	if (!more_stores(d->message, &at, &end))
		return;
	len = strlen(d->message) + 32;
	s = xmalloc(len);
	if (n)
		snprintf(s, len, "%.*s (and %u" PUBLISH_MORE_STORES "%s)%s",
			 (int)(at - d->message), d->message, n,
			 n == 1 ? "" : "s", end + 1);
	else
		snprintf(s, len, "%.*s%s", (int)(at - d->message), d->message,
			 end + 1);
	free(d->message);
	d->message = s;
}

/*
 * The finding's own store is out of reach, note @i's is not: the
 * finding names that one, "'q->x' is initialised in init_q() after ...".
 */
static void promote(struct oc_diag *d, unsigned i)
{
	struct oc_note *n = &d->notes[i];
	const char *loc = strchr(n->message, '\'') + 1;
	const char *tail = strstr(d->message, " after '");
	const char *q = strstr(loc, "' in ");
	bool in_callee = q && strstr(q, "() here");
	size_t len = strlen(n->message) + (tail ? strlen(tail) : 0) + 32;
	const struct oc_note *own = stored_here(d);
	char *s = xmalloc(len);

	if (!in_callee)
		q = strstr(loc, "' here");
	snprintf(s, len, "'%.*s' is initialised%.*s%s", (int)(q - loc), loc,
		 in_callee ? (int)(strstr(q, " here") - q - 1) : 0, q + 1,
		 tail ? tail : "");
	free(d->message);
	d->message = s;
	if (own)
		drop_note(d, (unsigned)(own - d->notes));
	n = &d->notes[own && (unsigned)(own - d->notes) < i ? i - 1 : i];
	if (in_callee) {
		free(n->message);
		n->message = xstrdup("stored here");
		return;
	}
	free(d->file);
	d->file = xstrdup(n->file);
	d->line = n->line;
	d->col = n->col;
	drop_note(d, (unsigned)(n - d->notes));
}

/*
 * Judge the finding's own store and each noted further one: drop the
 * notes of those out of reach; false when none is left.
 */
static bool judge_finding(const struct filter_arg *a, struct oc_diag *d)
{
	const char *at, *end;
	struct store_at own = store_of(d);
	struct judged j = judge(a, &own);
	unsigned more = more_stores(d->message, &at, &end), noted = 0;
	unsigned i, left = 0;
	int first = -1;

	explain(a->explain, d, &j);
	for (i = 0; i < d->nnotes; i++) {
		struct store_at s = { d->notes[i].file, d->notes[i].line,
				      NULL };

		if (!is_also(&d->notes[i]))
			continue;
		noted++;
		if (judge(a, &s).why != KEPT) {
			drop_note(d, i--);
			continue;
		}
		left++;
		if (first < 0)
			first = (int)i;
	}
	/* stores no note names may be in reach: they count as kept */
	left += more > noted ? more - noted : 0;
	if (j.why != KEPT && first >= 0) {
		promote(d, (unsigned)first);
		left--;
	} else if (j.why != KEPT && !left)
		return false;
	set_more(d, left);
	return true;
}

void publish_readers_filter(const struct fact_set *set, bool whole,
			    struct diag_list *diags,
			    const struct tree_explain *explain)
{
	struct filter_arg a = { set, whole, false, explain, NULL, 0 };
	unsigned i;

	a.keep = xmalloc((diags->n + 1) * sizeof(*a.keep));
	for (i = 0; i < diags->n; i++) {
		const struct oc_diag *d = &diags->v[i];

		if (!d->rule || strcmp(d->rule, rule_id)) {
			a.keep[i] = true;
			continue;
		}
		/* a part of the program may hold the RCU readers */
		a.rcu_only = whole && rcu_publication(d);
		a.keep[i] = judge_finding(&a, &diags->v[i]);
	}
	diag_list_filter(diags, keep, &a);
	free(a.keep);
}

bool publish_readers_wanted(const struct diag_list *diags)
{
	unsigned i;

	for (i = 0; i < diags->n; i++)
		if (diags->v[i].rule && !strcmp(diags->v[i].rule, rule_id))
			return true;
	return false;
}
