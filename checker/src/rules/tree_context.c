// SPDX-License-Identifier: GPL-2.0
/*
 * The calls a tree rule makes, and the pass that gives the pairing
 * engine's candidates to the tree rules: the tree-scope twin of context.c.
 */
#include "tree_context.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../pairs/pairing.h"
#include "../util.h"
#include "registry.h"
#include "rule.h"

struct rule_tree_ctx {
	const struct fact_set *set;
	const bool *report;
	const struct diag_list *seen;
	const struct litmus_opts *litmus;
	struct diag_list *out;
	struct strset *reported; /* "rule|fn|k1|k2" already reported */
	unsigned nlitmus;
};

static void run_rules(const struct pair_candidate *c, void *arg)
{
	registry_run_tree(arg, c);
}

void rule_tree_run(const struct fact_set *facts, const bool *report,
		   const struct diag_list *seen,
		   const struct litmus_opts *litmus, struct diag_list *out)
{
	struct rule_tree_ctx ctx = {
		facts, report, seen, litmus, out, NULL, 0
	};

	ctx.reported = strset_new();
	pairing_find(facts, run_rules, &ctx);
	strset_free(ctx.reported);
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
	char *msg;
	struct oc_diag *d;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	d = diag_add(ctx->out, self->id, self->sev, at->file, at->line, at->col,
		     ctx->set->fns[fn].name, msg);
	free(msg);
	return d;
}

void rule_tree_note(struct oc_diag *d, const struct fact *at, const char *fmt,
		    ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	diag_add_note(d, at->file, at->line, at->col, msg);
	free(msg);
}

bool rule_tree_seen(struct rule_tree_ctx *ctx, unsigned flags,
		    const struct fact *at)
{
	const struct rule *r;
	unsigned i;

	for (i = 0; ctx->seen && i < ctx->seen->n; i++) {
		const struct oc_diag *d = &ctx->seen->v[i];

		/* the finding's id names its rule: diagnostics travel as text */
		if (d->rule && d->line == at->line &&
		    !strcmp(d->file, at->file) &&
		    (r = registry_find(d->rule)) && (r->flags & flags))
			return true;
	}
	return false;
}

static bool c11_side(const struct pair_candidate *c, const struct pair_side *e)
{
	return (pairing_first(c->set, e)->flags &
		pairing_second(c->set, e)->flags & FA_C11) != 0;
}

void rule_tree_litmus(struct rule_tree_ctx *ctx, const struct oc_diag *d,
		      const struct rule *self, const struct pair_candidate *c)
{
	const struct pair_side *e0 = c->a, *e1 = c->b;
	struct litmus_side s0 = { pairing_fn(c->set, e0), e0->i, e0->j, e0->o };
	struct litmus_side s1 = { pairing_fn(c->set, e1), e1->i, e1->j, e1->o };
	struct oc_diag *dd = (struct oc_diag *)d;
	char *path, *verdict, *msg;

	if (!ctx->litmus || !ctx->litmus->dir)
		return;
	path = litmus_write(ctx->litmus->dir, ++ctx->nlitmus, self->id,
			    c->shape, &s0, &s1);
	if (!path)
		return;
	msg = xasprintf("litmus test: %s", path);
	diag_add_note(dd, path, 1, 1, msg);
	free(msg);
	if (ctx->litmus->herd) {
		verdict = litmus_herd(path, ctx->litmus->herd_dir,
				      c11_side(c, e0) && c11_side(c, e1));
		msg = verdict ? xasprintf("herd7 says: %s", verdict) :
				xstrdup("herd7 gave no verdict (not on PATH?)");
		diag_add_note(dd, path, 1, 1, msg);
		free(msg);
		free(verdict);
	}
	free(path);
}
