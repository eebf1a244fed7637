// SPDX-License-Identifier: GPL-2.0
/*
 * The context tree rules run in, the tree-scope twin of context.c: the
 * pass that hands them each candidate of the pairing engine, the calls
 * they make to report.
 */
#include "tree_context.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../pairs/litmus.h"
#include "../pairs/lockless.h"
#include "../pairs/neighbours.h"
#include "../pairs/pairing.h"
#include "../vocab/spell.h"
#include "../util.h"
#include "context.h"
#include "registry.h"
#include "rule.h"
#include "tree_explain.h"

struct rule_tree_ctx {
	const struct fact_set *set;
	const bool *report;
	const struct diag_list *seen;
	struct diag_list *out;
	struct litmus_findings *litmus; /* or NULL */
	struct strset *reported; /* "rule|fn|k1|k2" already reported */
	/* "rule file:line" of the seen findings, for the rules' claims */
	struct strset *seen_lines;
	const struct tree_explain *explain; /* or NULL */
};

static char *line_key(const char *rule, const char *file, unsigned line)
{
	return xasprintf("%s %s:%u", rule, file, line);
}

/*
 * Every candidate asks whether a function rule reported its reader
 * already: an index, not a scan of the findings per candidate (quadratic
 * in a struct shared by thousands of functions).
 */
static struct strset *index_lines(const struct diag_list *seen)
{
	struct strset *s = strset_new();
	unsigned i;

	for (i = 0; seen && i < seen->n; i++) {
		const struct oc_diag *d = &seen->v[i];
		char *k;

		/* the finding's id names its rule: diagnostics travel as text */
		if (!d->rule)
			continue;
		k = line_key(d->rule, d->file, d->line);
		strset_add(s, k);
		free(k);
	}
	return s;
}

/*
 * A group of partners the pass cut short: a remark at its first side, so
 * that the silence past the cap is not mistaken for a verdict.
 */
static void report_cap(struct rule_tree_ctx *ctx,
		       const struct pair_candidate *c)
{
	const struct fact *at = pairing_first(c->set, c->a);
	const struct fact_fn *fn = pairing_fn(c->set, c->a);
	char *msg, k1[128], k2[128];

	if (ctx->report && !ctx->report[fn->tu])
		return;
	msg = xasprintf("pairing capped: '%s' then '%s' has %zu sides like "
			"this one; each partner was paired with the first %zu",
			litmus_key_text(c->a->k1, k1, sizeof(k1)),
			litmus_key_text(c->a->k2, k2, sizeof(k2)), c->group,
			c->cap);
	diag_add(ctx->out, NULL, SEV_NOTE, at->file, at->line, at->col,
		 fn->name, msg);
	free(msg);
}

static bool shown(const struct oc_diag *d, void *arg)
{
	(void)arg;
	return d->sev != SEV_NOTE || registry_remark_shown(d->rule);
}

static void run_rules(const struct pair_candidate *c, void *arg)
{
	struct rule_tree_ctx *ctx = arg;
	unsigned n0 = ctx->out->n;

	if (c->shape == SHAPE_CAPPED)
		report_cap(arg, c);
	else
		registry_run_tree(arg, c);
	/* --explain names the remarks the default run leaves out, too */
	if (tree_explain_wants(ctx->explain, c))
		tree_explain_candidate(ctx->explain, c, NULL, NULL, ctx->out,
				       n0);
	diag_list_filter_from(ctx->out, n0, shown, NULL);
}

static void dropped(const struct pair_candidate *c, const char *reason,
		    const char *detail, void *arg)
{
	struct rule_tree_ctx *ctx = arg;

	if (tree_explain_wants(ctx->explain, c))
		tree_explain_candidate(ctx->explain, c, reason, detail,
				       ctx->out, ctx->out->n);
}

/*
 * The dialect of the TU a finding is reported in: that of its function,
 * else of a function of its file, else the kernel's.
 */
static enum oc_dialect diag_dialect(const struct fact_set *set,
				    const struct oc_diag *d)
{
	const struct fact_fn *in_file = NULL;
	unsigned i;

	for (i = 0; i < set->nfns; i++) {
		const struct fact_fn *fn = &set->fns[i];

		if (!fn->file || !d->file || strcmp(fn->file, d->file))
			continue;
		if (d->function && !strcmp(fn->name, d->function))
			return fn->dialect;
		if (!in_file)
			in_file = fn;
	}
	return in_file ? in_file->dialect : D_LINUX;
}

bool rule_tree_run(const struct fact_set *facts, const bool *report,
		   const struct diag_list *seen, struct diag_list *out,
		   struct litmus_findings *litmus,
		   const struct tree_explain *explain, double deadline)
{
	bool expired;

	struct rule_tree_ctx ctx = { facts,  report, seen, out,
				     litmus, NULL,   NULL, explain };

	unsigned n0 = out->n, i;

	ctx.reported = strset_new();
	ctx.seen_lines = index_lines(seen);
	if (explain)
		tree_explain_facts(explain, facts);
	expired = pairing_find_why(facts, run_rules, explain ? dropped : NULL,
				   &ctx, deadline);
	if (!expired) {
		lockless_find(facts, run_rules, &ctx);
		neighbours_find(facts, run_rules, &ctx);
	}
	for (i = n0; i < out->n; i++)
		spell_diag(&out->v[i], diag_dialect(facts, &out->v[i]));
	strset_free(ctx.seen_lines);
	strset_free(ctx.reported);
	return expired;
}

bool rule_tree_first(struct rule_tree_ctx *ctx, const struct rule *self,
		     unsigned fn, const char *k1, const char *k2)
{
	char *k;
	bool added;

	if (ctx->report && !ctx->report[ctx->set->fns[fn].tu])
		return false;
	k = xasprintf("%s|%u|%s|%s", self->id, fn, k1, k2);
	added = strset_add(ctx->reported, k);
	free(k);
	return added;
}

struct oc_diag *rule_tree_report(struct rule_tree_ctx *ctx,
				 const struct rule *self, unsigned fn,
				 const struct fact *at, const char *fmt, ...)
{
	va_list ap;
	struct oc_diag *d;

	va_start(ap, fmt);
	d = rule_vreport(ctx->out, self, at->file, at->line, at->col,
			 ctx->set->fns[fn].name, fmt, ap);
	va_end(ap);
	return d;
}

void rule_tree_note(struct oc_diag *d, const struct fact *at, const char *fmt,
		    ...)
{
	va_list ap;

	va_start(ap, fmt);
	rule_vnote(d, at->file, at->line, at->col, fmt, ap);
	va_end(ap);
}

static char *claim_key(const struct fact *at)
{
	return xasprintf("@%s:%u:%u", at->file, at->line, at->col);
}

void rule_tree_claim(struct rule_tree_ctx *ctx, const struct fact *at)
{
	char *k = claim_key(at);

	strset_add(ctx->reported, k);
	free(k);
}

bool rule_tree_claimed(struct rule_tree_ctx *ctx, const struct fact *at)
{
	char *k = claim_key(at);
	bool was = strset_has(ctx->reported, k);

	free(k);
	return was;
}

bool rule_tree_reported_line(struct rule_tree_ctx *ctx, const struct rule *r,
			     const struct fact *at)
{
	char *k = line_key(r->id, at->file, at->line);
	bool was = strset_has(ctx->seen_lines, k);

	free(k);
	return was;
}

bool rule_claims_reader(struct rule_tree_ctx *ctx, const struct rule *self,
			const struct pair_candidate *c,
			const struct pair_side *e)
{
	const struct fact *r1, *r2;

	if (c->shape == SHAPE_PLAIN_READ)
		return rule_tree_reported_line(
			ctx, self, &c->set->fns[c->read->fn].v[c->read->at]);
	if (!e)
		return false;
	r1 = pairing_first(c->set, e);
	r2 = pairing_second(c->set, e);
	return rule_tree_reported_line(ctx, self, r1) ||
	       rule_tree_reported_line(ctx, self, r2) ||
	       (r2->adep >= 0 &&
		rule_tree_reported_line(ctx, self,
					&pairing_fn(c->set, e)->v[r2->adep]));
}

bool rule_claims_waker(struct rule_tree_ctx *ctx, const struct rule *self,
		       const struct pair_candidate *c,
		       const struct pair_side *e)
{
	return c->shape == SHAPE_SB && e &&
	       rule_tree_reported_line(ctx, self, pairing_second(c->set, e));
}

bool rule_yields(struct rule_tree_ctx *ctx, const struct rule *self,
		 const struct pair_candidate *c, const struct pair_side *e)
{
	const char *p = self->yields_to;
	const struct rule *r;
	char id[64];
	size_t n;

	for (; p && *(p += strspn(p, " ")); p += n) {
		n = strcspn(p, " ");
		if (n >= sizeof(id))
			continue;
		memcpy(id, p, n);
		id[n] = '\0';
		if ((r = registry_find(id)) && r->claims &&
		    r->claims(ctx, r, c, e))
			return true;
	}
	return false;
}

static const char *fact_op(const struct fact *f)
{
	return f->op == FO_LOAD	 ? "R" :
	       f->op == FO_STORE ? "W" :
	       f->op == FO_RMW	 ? "RMW" :
				   "";
}

/* One access as the code spells it: "smp_load_acquire(foo.flag)". */
static void access_of(struct oc_access *a, const struct fact *f, char *buf,
		      unsigned n)
{
	char k[128];

	litmus_key_text(f->key, k, sizeof(k));
	if (f->name && *f->name)
		snprintf(buf, n, "%s(%s)", f->name, k);
	else
		snprintf(buf, n, "%s", k);
	a->file = (char *)f->file;
	a->line = f->line;
	a->col = f->col;
	a->op = (char *)fact_op(f);
	a->text = buf;
}

static void thread_of(struct oc_thread *t, const struct pair_candidate *c,
		      const struct pair_side *s, char (*buf)[160])
{
	const struct fact_fn *fn = pairing_fn(c->set, s);
	const struct fact *by = s->o.by;

	t->function = (char *)fn->name;
	access_of(&t->a[0], &fn->v[s->i], buf[0], sizeof(buf[0]));
	access_of(&t->a[1], &fn->v[s->j], buf[1], sizeof(buf[1]));
	t->ord = (unsigned)s->o.ord;
	t->order = (char *)(s->o.what	   ? s->o.what :
			    by && by->name ? by->name :
					     "");
	t->order_file = (char *)(by ? by->file : "");
	t->order_line = by ? by->line : 0;
	t->order_col = by ? by->col : 0;
}

void rule_tree_threads(struct rule_tree_ctx *ctx, const struct oc_diag *d,
		       const struct pair_candidate *c)
{
	const struct shape_row *row = pairing_shape(c->shape);
	struct oc_threads t;
	char buf[4][160];

	if (!c->a || !c->b || !row->threads)
		return;
	memset(&t, 0, sizeof(t));
	t.shape = (char *)row->name;
	thread_of(&t.t[0], c, c->a, buf);
	thread_of(&t.t[1], c, c->b, buf + 2);
	/* the finding is ours: the pass reports into ctx->out */
	diag_set_threads(&ctx->out->v[d - ctx->out->v], &t);
}

void rule_tree_litmus(struct rule_tree_ctx *ctx, const struct oc_diag *d,
		      const struct rule *self, const struct pair_candidate *c)
{
	static const char *const none[2] = { NULL, NULL };

	rule_tree_litmus_kinds(ctx, d, self, c, none, none);
}

void rule_tree_litmus_kinds(struct rule_tree_ctx *ctx, const struct oc_diag *d,
			    const struct rule *self,
			    const struct pair_candidate *c,
			    const char *const kind[2], const char *const fix[2])
{
	struct litmus_finding f = {
		(unsigned)(d - ctx->out->v),
		self->id,
		c->shape,
		{ pairing_fn(c->set, c->a), c->a->i, c->a->j, c->a->o },
		{ pairing_fn(c->set, c->b), c->b->i, c->b->j, c->b->o },
		{ kind[0], kind[1] },
		{ fix[0], fix[1] },
	};

	rule_tree_threads(ctx, d, c);
	if (ctx->litmus)
		litmus_findings_add(ctx->litmus, &f);
}
