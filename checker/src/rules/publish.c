// SPDX-License-Identifier: GPL-2.0
/*
 * Publication: an object made reachable to lockless readers (an RCU list
 * insertion, rcu_assign_pointer(), a release store, llist_add(), xchg()
 * or cmpxchg() of its pointer) that its publisher still initialises
 * afterwards, itself or in a callee of its TU.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "publish_readers.h"
#include "rule.h"

enum {
	MAX_ARGS = 8,
	ARG_LEN = 160,
	/* how deep a callee of a callee is followed (events/summary.c: 3) */
	MAX_DEPTH = 3,
};

/* ---- the object a text names ---- */

/* The @i-th top-level argument of "a, f(b, c), d", into @out. */
static bool arg_at(const char *args, unsigned i, char *out, size_t n)
{
	unsigned k = 0, depth = 0;
	const char *s = args, *start = args;

	if (!args)
		return false;
	for (;; s++) {
		if (*s == '(' || *s == '[' || *s == '{')
			depth++;
		else if ((*s == ')' || *s == ']' || *s == '}') && depth)
			depth--;
		if (*s == '\0' || (*s == ',' && !depth)) {
			if (k++ == i) {
				size_t len = (size_t)(s - start);

				while (len && isspace((unsigned char)*start))
					start++, len--;
				while (len &&
				       isspace((unsigned char)start[len - 1]))
					len--;
				if (len >= n)
					return false;
				memcpy(out, start, len);
				out[len] = '\0';
				return true;
			}
			if (!*s)
				return false;
			start = s + 1;
		}
	}
}

static unsigned nargs(const char *args)
{
	char buf[ARG_LEN];
	unsigned n = 0;

	while (n < MAX_ARGS && arg_at(args, n, buf, sizeof(buf)))
		n++;
	return n;
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Skip blanks, parentheses and a cast "(struct foo *)". */
static const char *skip_noise(const char *s)
{
	for (;;) {
		while (isspace((unsigned char)*s) || *s == '(')
			s++;
		if (!strncmp(s, "struct ", 7) || !strncmp(s, "void", 4)) {
			const char *q = strchr(s, ')');

			if (!q)
				return s;
			s = q + 1;
			continue;
		}
		return s;
	}
}

/*
 * The variable an object argument names, into @root: "obj" of "obj",
 * "&obj->node", "&obj.node", "(void *)obj"; NULL for anything else (a
 * constant, NULL, a pointer read from elsewhere: p->child).
 */
static const char *object_root(const char *text, char *root, size_t n)
{
	const char *s = skip_noise(text), *e;
	bool addr = false;
	size_t len;

	if (*s == '&') {
		addr = true;
		s = skip_noise(s + 1);
	}
	if (!isalpha((unsigned char)*s) && *s != '_')
		return NULL;
	for (e = s; ident_char(*e); e++)
		;
	len = (size_t)(e - s);
	if (len >= n || (len == 4 && !strncmp(s, "NULL", 4)))
		return NULL;
	while (*e == ')' || isspace((unsigned char)*e))
		e++;
	/* a pointer into the object: &obj->node; not obj->next */
	if (*e && !(addr && (!strncmp(e, "->", 2) || *e == '.')))
		return NULL;
	memcpy(root, s, len);
	root[len] = '\0';
	return root;
}

/*
 * @loc, a store's location as written ("obj->f", "&obj->ref",
 * "INIT_KEY(obj)"), is in the object @root points to: @root followed by
 * "->" or "." (or, in a macro's arguments, alone).
 */
static bool in_object(const char *loc, const char *root)
{
	size_t n = strlen(root);
	const char *s = loc;
	bool macro;

	while (ident_char(*s))
		s++;
	/* a store that a macro of the user's makes: INIT_KEY(obj) */
	macro = s > loc && *s == '(';
	for (s = loc; (s = strstr(s, root)); s += n) {
		const char *e = s + n;

		if (s > loc && (ident_char(s[-1]) || s[-1] == '.' ||
				(s[-1] == '>' && s - loc >= 2 && s[-2] == '-')))
			continue;
		if (ident_char(*e))
			continue;
		while (*e == ')')
			e++;
		if (macro)
			return true;
		if (strncmp(e, "->", 2) && !(*e == '.' && e[1] != '.'))
			continue;
		/* obj->a->b is a field of what obj->a points to, not of obj */
		return !strstr(e + 1, "->");
	}
	return false;
}

/*
 * @loc names a field that readers of an RCU list never read: ->prev and
 * ->pprev are the updater's (include/linux/rculist.h: readers follow
 * ->next only), and the list primitives store them after the ->next
 * that publishes.
 */
static bool updater_only_field(const char *loc)
{
	const char *dot = strrchr(loc, '.'), *arrow = strrchr(loc, '>');
	const char *f = dot > arrow ? dot : arrow;

	return f && (!strcmp(f + 1, "prev") || !strcmp(f + 1, "pprev"));
}

/* ---- the publication ---- */

/* The argument of publishing @p that is the object: see R_PUBLISHES. */
static bool published_arg(const struct event *p, char *out, size_t n)
{
	const struct vocab_entry *v = p->prim;
	unsigned na = nargs(p->args), i;

	if ((v->roles & R_NODE_LAST) && na >= 2)
		i = na - 1;
	else if (v->ptr_arg != 0)
		i = 0;
	else if ((v->flags & F_COND) && na >= 3)
		i = na - 1;
	else
		i = 1;
	return arg_at(p->args, i, out, n);
}

struct publication {
	const struct event *at; /* the primitive, maybe in a callee */
	const struct event *call; /* the call of the callee, or NULL */
	char root[ARG_LEN]; /* the variable: "obj" */
	/*
	 * What is published: the object @root points to, or for a pointer
	 * stored by rcu_assign_pointer() as &parent->wq, that member
	 */
	char obj[ARG_LEN];
};

/*
 * A list insertion takes a pointer to the node embedded in the object
 * (list_add_rcu(&obj->node, head)): what readers reach is the object. A
 * pointer store publishes what the pointer points to.
 */
static bool container_style(const struct vocab_entry *v)
{
	return v->ptr_arg != 0 || (v->roles & R_NODE_LAST) ||
	       strstr(v->name, "list");
}

/*
 * "parent->wq" of "&parent->wq", into @out: a member path (identifiers,
 * "->", "."), or false.
 */
static bool member_path(const char *text, char *out, size_t n)
{
	const char *s = skip_noise(text);
	size_t k = 0;

	if (*s != '&')
		return false;
	s = skip_noise(s + 1);
	for (; *s && *s != ')' && !isspace((unsigned char)*s); s++) {
		if (!ident_char(*s) && *s != '.' && *s != '-' && *s != '>')
			return false;
		if (k + 1 >= n)
			return false;
		out[k++] = *s;
	}
	out[k] = '\0';
	return k > 0;
}

/* The object @p publishes, from its argument @a, into @pub. */
static bool set_object(const struct event *p, const char *a,
		       struct publication *pub)
{
	if (!object_root(a, pub->root, sizeof(pub->root)))
		return false;
	if (container_style(p->prim) ||
	    !member_path(a, pub->obj, sizeof(pub->obj)))
		snprintf(pub->obj, sizeof(pub->obj), "%s", pub->root);
	return true;
}

/*
 * The parameter of callee @c whose argument @j is the object @root
 * names (itself or a member), to look for its stores in the callee: a
 * function named for initialising what it is given (node_init(obj),
 * INIT_LIST_HEAD(&obj->list), R_INITIALISES), not one that inserts it
 * elsewhere (list_add(&obj->lru, ...)), updates it under its own lock, or
 * frees it on an error path (put_foo(obj), destroy_inode()): on Linux
 * 6.1 those were most of what a callee stored after a publication.
 */
static const char *follows(const struct event *c, unsigned j, const char *root)
{
	char a[ARG_LEN], r[ARG_LEN];

	if (j >= c->callee_nparams || !arg_at(c->args, j, a, sizeof(a)) ||
	    !object_root(a, r, sizeof(r)) || strcmp(r, root) ||
	    !vocab_name_is(c->name, R_INITIALISES) ||
	    vocab_name_is(c->name, R_REMOVES))
		return NULL;
	return c->callee_params[j];
}

/*
 * A publication of the object the variable @param names, among @l's
 * events and those of its callees: the callee half of is_publication().
 */
static const struct event *publishes_param(const struct evlist *l,
					   const char *param, unsigned depth);

static const struct event *call_publishes(const struct event *c,
					  const char *root, unsigned depth)
{
	char a[ARG_LEN], r[ARG_LEN];
	unsigned i;

	if (c->type != EV_CALL || !c->callee_body || depth >= MAX_DEPTH)
		return NULL;
	for (i = 0; i < c->callee_nparams; i++)
		if (arg_at(c->args, i, a, sizeof(a)) &&
		    object_root(a, r, sizeof(r)) && !strcmp(r, root)) {
			const struct event *p = publishes_param(
				c->callee_body, c->callee_params[i], depth + 1);

			if (p)
				return p;
		}
	return NULL;
}

static bool is_publishing(const struct event *e)
{
	return e->type == EV_ACCESS && events_has_role(e, R_PUBLISHES) &&
	       e->args;
}

static const struct event *publishes_param(const struct evlist *l,
					   const char *param, unsigned depth)
{
	char a[ARG_LEN], r[ARG_LEN];
	const struct event *e, *p;
	unsigned i, j;

	evlist_for_each(l, i, e) {
		char m[ARG_LEN];

		/* rcu_assign_pointer(sk->sk_wq, &parent->wq): the member */
		if (is_publishing(e) && published_arg(e, a, sizeof(a)) &&
		    object_root(a, r, sizeof(r)) && !strcmp(r, param) &&
		    (container_style(e->prim) || !member_path(a, m, sizeof(m))))
			return e;
		if ((p = call_publishes(e, param, depth)))
			return p;
		for (j = 0; j < e->nlegs; j++)
			if ((p = publishes_param(&e->legs[j], param, depth)))
				return p;
	}
	return NULL;
}

/* @e publishes an object, or calls a function of this TU that does. */
static bool is_publication(const struct event *e, struct publication *pub)
{
	char a[ARG_LEN];
	unsigned i;

	pub->call = NULL;
	if (is_publishing(e)) {
		pub->at = e;
		return published_arg(e, a, sizeof(a)) && set_object(e, a, pub);
	}
	if (e->type != EV_CALL || !e->callee_body)
		return false;
	for (i = 0; i < e->callee_nparams; i++)
		if (arg_at(e->args, i, a, sizeof(a)) &&
		    object_root(a, pub->root, sizeof(pub->root)) &&
		    *skip_noise(a) != '&' &&
		    (pub->at = publishes_param(e->callee_body,
					       e->callee_params[i], 1))) {
			pub->call = e;
			snprintf(pub->obj, sizeof(pub->obj), "%s", pub->root);
			return true;
		}
	return false;
}

/* ---- the stores after it ---- */

/*
 * An initialising store: a plain or WRITE_ONCE() store, refcount_set(),
 * atomic_set(); not a release or a publication of its own (a flag set
 * last, on purpose), not an RMW (a state bit set later). Its location as
 * written goes to @loc.
 */
static bool init_store(struct rule_ctx *ctx, const struct event *e, char *loc,
		       size_t n)
{
	if (e->type != EV_ACCESS || e->kind != K_STORE ||
	    (e->cls != OC_PLAIN && e->cls != OC_MSTORE) ||
	    (e->flags & EVF_IN_LOC))
		return false;
	if (e->prim)
		return e->prim->ptr_arg >= 0 &&
		       arg_at(e->args, (unsigned)e->prim->ptr_arg, loc, n);
	return rule_source_text(ctx, e, loc, n) != NULL;
}

struct found {
	const struct event *store; /* the first initialising store */
	const struct event *call; /* the caller's call it is in, or NULL */
	char loc[ARG_LEN];
	unsigned more; /* further stores */
	bool marked_only; /* every one is WRITE_ONCE(): readers expect it */
	/* the first further ones, each a note the tree's readers judge */
	struct {
		const struct event *store, *call;
		char loc[ARG_LEN];
	} other[PUBLISH_NOTED_STORES];
};

static void found_store(struct found *f, const struct event *s,
			const struct event *call, const char *loc)
{
	bool marked = s->prim && s->cls == OC_MSTORE &&
		      !events_has_role(s, R_NOT_A_FLAG) &&
		      (s->prim->flags & F_LVALUE);

	if (f->store) {
		if (f->more < PUBLISH_NOTED_STORES) {
			f->other[f->more].store = s;
			f->other[f->more].call = call;
			snprintf(f->other[f->more].loc, ARG_LEN, "%s", loc);
		}
		f->more++;
		f->marked_only &= marked;
		return;
	}
	f->store = s;
	f->call = call;
	f->marked_only = marked;
	snprintf(f->loc, sizeof(f->loc), "%s", loc);
}

/* The stores of a callee's body @l into the object its @param names. */
/*
 * A store made under a lock taken after the publication is an update
 * that readers who care serialise with: not an initialisation.
 */
static void count_lock(const struct event *e, unsigned *locks)
{
	if (e->type != EV_LOCK)
		return;
	if (e->kind == K_LOCK)
		(*locks)++;
	else if (e->kind == K_UNLOCK && *locks)
		(*locks)--;
}

/* An initialising store into the object @obj names, at @e. */
static bool stores_into(struct rule_ctx *ctx, const struct event *e,
			const char *obj, char *loc, size_t n)
{
	return init_store(ctx, e, loc, n) && in_object(loc, obj) &&
	       !updater_only_field(loc);
}

/* The stores of a callee's body @l into the object its @param names. */
static void callee_stores(struct rule_ctx *ctx, const struct evlist *l,
			  const char *param, const struct event *call,
			  unsigned depth, unsigned *locks, struct found *f)
{
	char loc[ARG_LEN];
	const struct event *e;
	const char *q;
	unsigned i, j;

	evlist_for_each(l, i, e) {
		count_lock(e, locks);
		if (*locks)
			continue;
		if (stores_into(ctx, e, param, loc, sizeof(loc)))
			found_store(f, e, call, loc);
		if (e->type == EV_CALL && e->callee_body && depth < MAX_DEPTH)
			for (j = 0; j < e->callee_nparams; j++)
				if ((q = follows(e, j, param)))
					callee_stores(ctx, e->callee_body, q,
						      call, depth + 1, locks,
						      f);
		for (j = 0; j < e->nlegs; j++) {
			unsigned held = *locks;

			callee_stores(ctx, &e->legs[j], param, call, depth,
				      &held, f);
		}
	}
}

/*
 * @st stores what publication @p returned: "bio->bi_private =
 * xchg(&io_end->bio, bio)", the push of a lockless stack whose consumer
 * takes the chain after a later synchronisation (the last put).
 */
static bool links_result(const struct event *st, const struct event *p)
{
	return st->value_text && p->name && (p->prim->flags & F_RET) &&
	       !strncmp(skip_noise(st->value_text), p->name, strlen(p->name));
}

/* A leg that ends in a goto: the error unwinding of the kernel's style. */
static bool unwinds(const struct evlist *l)
{
	return l->n && l->v[l->n - 1]->type == EV_JUMP &&
	       !strcmp(l->v[l->n - 1]->name, "goto");
}

struct walk {
	struct rule_ctx *ctx;
	const struct publication *pub;
	struct found f;
	bool stop; /* the object was unpublished, or the function left */
	unsigned locks; /* taken since the publication, not released */
	/*
	 * A callee's publication may not have happened (iget5_locked():
	 * inode_insert5() returns another inode): only the straight line
	 * after the call, not the branches on what it returned.
	 */
	bool straight;
};

/* @e unpublishes the object: list_del_rcu(&obj->node). */
static bool unpublishes(const struct event *e, const char *root)
{
	char a[ARG_LEN], r[ARG_LEN];

	return e->type == EV_ACCESS && events_has_role(e, R_UNPUBLISHES) &&
	       arg_at(e->args, 0, a, sizeof(a)) &&
	       object_root(a, r, sizeof(r)) && !strcmp(r, root);
}

/* A branch on whether a cmpxchg() published: its legs may not have. */
static bool on_outcome(const struct event *b, const struct event *p)
{
	unsigned i;

	for (i = 0; i < b->ndeps; i++)
		if (b->deps[i] == p)
			return true;
	return false;
}

static void walk_list(struct walk *w, const struct evlist *l, unsigned from);

static void walk_event(struct walk *w, const struct event *e)
{
	const struct publication *pub = w->pub;
	char loc[ARG_LEN];
	const char *q;
	unsigned j;

	if (unpublishes(e, pub->root)) {
		w->stop = true;
		return;
	}
	count_lock(e, &w->locks);
	if (w->locks)
		return;
	if (stores_into(w->ctx, e, pub->obj, loc, sizeof(loc)) &&
	    !links_result(e, pub->at)) {
		found_store(&w->f, e, NULL, loc);
		return;
	}
	if (e->type == EV_CALL && e->callee_body) {
		/* a member published (&parent->wq): its callees are not seen */
		for (j = 0;
		     j < e->callee_nparams && !strcmp(pub->obj, pub->root);
		     j++) {
			unsigned held = 0;

			if ((q = follows(e, j, pub->root)))
				callee_stores(w->ctx, e->callee_body, q, e, 1,
					      &held, &w->f);
		}
		return;
	}
	if (e->type == EV_BRANCH && (pub->at->flags & F_COND) &&
	    on_outcome(e, pub->at))
		return;
	if (w->straight)
		return;
	for (j = 0; j < e->nlegs; j++) {
		bool stop = w->stop;
		unsigned held = w->locks;

		if (unwinds(&e->legs[j]))
			continue;
		walk_list(w, &e->legs[j], 0);
		/* a leg that returns ends itself, not what follows the branch */
		w->stop = stop || (w->stop && e->type == EV_LOOP);
		w->locks = held;
	}
}

static void walk_list(struct walk *w, const struct evlist *l, unsigned from)
{
	const struct event *e;
	unsigned i;

	for (i = from; i < l->n && !w->stop; i++) {
		e = l->v[i];
		if (e->type == EV_JUMP) {
			w->stop = true;
			return;
		}
		walk_event(w, e);
	}
}

/*
 * Everything after @p in program order: the rest of its list, then of
 * each enclosing list after the branch or loop holding it. A conditional
 * publication in a loop's condition (a cmpxchg retry loop) leaves its
 * loop's body alone: it runs when the cmpxchg failed.
 */
static void walk_after(struct walk *w, const struct function_ir *fn,
		       const struct event *p)
{
	const struct evlist *l;
	unsigned idx;

	l = events_list_of(fn, p, &idx);
	if (!l)
		return;
	if (!((p->flags & F_COND) && (p->flags & EVF_IN_COND) && p->parent &&
	      p->parent->type == EV_LOOP))
		walk_list(w, l, idx + 1);
	for (p = p->parent; p && !w->stop; p = p->parent) {
		l = events_list_of(fn, p, &idx);
		if (!l)
			return;
		walk_list(w, l, idx + 1);
	}
}

static const char *published_how(const struct publication *pub, char *buf,
				 size_t n)
{
	if (pub->call)
		snprintf(buf, n, "%s() in %s()", pub->at->name,
			 pub->call->name);
	else
		snprintf(buf, n, "%s()", pub->at->name);
	return buf;
}

enum { MAX_REPORTED = 16 };

struct pti_arg {
	struct rule_ctx *ctx;
	const struct rule *self;
	const struct function_ir *fn;
	/* one finding per object per function: its first publication */
	char reported[MAX_REPORTED][ARG_LEN];
	unsigned nreported;
};

static bool reported(struct pti_arg *pa, const char *root)
{
	unsigned i;

	for (i = 0; i < pa->nreported; i++)
		if (!strcmp(pa->reported[i], root))
			return true;
	if (pa->nreported < MAX_REPORTED)
		snprintf(pa->reported[pa->nreported++], ARG_LEN, "%s", root);
	return false;
}

static void note_others(struct oc_diag *d, const struct found *f)
{
	unsigned i;

	for (i = 0; i < f->more && i < PUBLISH_NOTED_STORES; i++)
		if (f->other[i].call)
			rule_note(d, f->other[i].store,
				  PUBLISH_ALSO_IN "%s() here", f->other[i].loc,
				  f->other[i].call->name);
		else
			rule_note(d, f->other[i].store, PUBLISH_ALSO "here",
				  f->other[i].loc);
}

static void check_list_pti(const struct evlist *l, void *arg)
{
	struct pti_arg *pa = arg;
	struct publication pub;
	const struct event *e;
	unsigned i;

	evlist_for_each(l, i, e) {
		struct walk w = { pa->ctx, &pub, { 0 }, false, 0, false };
		const struct event *where;
		struct oc_diag *d;
		char how[ARG_LEN + 40], more[48];

		if (!is_publication(e, &pub))
			continue;
		w.straight = pub.call != NULL;
		walk_after(&w, pa->fn, pub.call ? pub.call : pub.at);
		if (!w.f.store || reported(pa, pub.root))
			continue;
		where = w.f.call ? w.f.call : w.f.store;
		published_how(&pub, how, sizeof(how));
		more[0] = '\0';
		if (w.f.more)
			snprintf(more, sizeof(more),
				 " (and %u" PUBLISH_MORE_STORES "%s)", w.f.more,
				 w.f.more == 1 ? "" : "s");
		d = rule_report(
			pa->ctx, pa->self, pa->fn, where,
			"'%s' is initialised%s%s%s after '%s' was " PUBLISH_BY
			"%s%s: a reader that finds it can "
			"see the value from before; initialise it "
			"before publishing",
			w.f.loc, w.f.call ? " in " : "",
			w.f.call ? w.f.call->name : "", w.f.call ? "()" : "",
			pub.root, how, more);
		/* only WRITE_ONCE()s: the publisher expects readers to race */
		if (w.f.marked_only)
			d->sev = SEV_NOTE;
		rule_note(d, pub.call ? pub.call : pub.at,
			  "'%s' published here", pub.root);
		if (w.f.call)
			rule_note(d, w.f.store, "stored here");
		note_others(d, &w.f);
	}
}

static void check_publish_then_init(struct rule_ctx *ctx,
				    const struct rule *self,
				    const struct function_ir *fn)
{
	struct pti_arg a = { ctx, self, fn, { { 0 } }, 0 };

	events_for_each_list(fn, check_list_pti, &a);
}

static const struct rule publish_rules[] = {
	{ "publish-then-init", SEV_WARNING, FIX_NONE,
	  ON_FUNCTION(check_publish_then_init),
	  "an object published to lockless readers (RCU list insertion, "
	  "`rcu_assign_pointer()`, release store, `llist_add()`, `xchg()`) "
	  "and initialised afterwards, in the function or a callee" },
};

const struct rule_family family_publish = {
	"publication",
	publish_rules,
	sizeof(publish_rules) / sizeof(publish_rules[0]),
};
