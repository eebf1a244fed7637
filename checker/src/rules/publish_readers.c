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

#include <string.h>

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
	const struct fact *unlocked; /* the first that the store's locks
				      * do not exclude, or NULL */
	const struct fact_fn *unlocked_fn;
	char lock[LOCKSET_MAX]; /* a lock that excluded the last one */
};

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
		       struct readers *r)
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
			if (!r->unlocked &&
			    !lockset_excludes(store->lockset, f->lockset,
					      r->lock, sizeof(r->lock))) {
				r->unlocked = f;
				r->unlocked_fn = fn;
			}
		}
	}
}

enum why_dropped { KEPT, NO_READER, SAME_LOCK };

struct judged {
	enum why_dropped why;
	const struct fact *store;
	struct readers r;
};

/*
 * Every store of the finding's line must be out of the readers' reach:
 * a line that stores two fields is dropped only if both are.
 */
static struct judged judge(const struct fact_set *set, bool whole,
			   const struct oc_diag *d)
{
	struct store_at at = store_of(d);
	struct judged j = { KEPT, NULL, { 0 } };
	unsigned i, k, found = 0, dropped = 0;

	for (i = 0; i < set->nfns; i++) {
		const struct fact_fn *fn = &set->fns[i];

		for (k = 0; k < fn->n; k++) {
			const struct fact *f = &fn->v[k];
			struct readers r = { 0 };

			if (!is_store_at(fn, f, &at))
				continue;
			found++;
			read_field(set, f, &r);
			if (r.unlocked || (!r.n && !whole)) {
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
		j.why = j.r.n ? SAME_LOCK : NO_READER;
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

struct filter_arg {
	const struct fact_set *set;
	bool whole;
	const struct tree_explain *explain;
};

static bool keep(const struct oc_diag *d, void *arg)
{
	const struct filter_arg *a = arg;
	struct judged j;

	/* one of the others uncovered is enough to keep it */
	if (!d->rule || strcmp(d->rule, rule_id) ||
	    strstr(d->message, PUBLISH_MORE_STORES))
		return true;
	j = judge(a->set, a->whole, d);
	explain(a->explain, d, &j);
	return j.why == KEPT;
}

void publish_readers_filter(const struct fact_set *set, bool whole,
			    struct diag_list *diags,
			    const struct tree_explain *explain)
{
	struct filter_arg a = { set, whole, explain };

	diag_list_filter(diags, keep, &a);
}

bool publish_readers_wanted(const struct diag_list *diags)
{
	unsigned i;

	for (i = 0; i < diags->n; i++)
		if (diags->v[i].rule && !strcmp(diags->v[i].rule, rule_id))
			return true;
	return false;
}
