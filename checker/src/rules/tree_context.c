// SPDX-License-Identifier: GPL-2.0
/*
 * The context tree rules run in, the tree-scope twin of context.c: the
 * pass that hands them each candidate of the pairing engine, the calls
 * they make to report.
 */
#include "tree_context.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../pairs/lockless.h"
#include "../pairs/pairing.h"
#include "../util.h"
#include "context.h"
#include "registry.h"
#include "rule.h"

struct rule_tree_ctx {
	const struct fact_set *set;
	const bool *report;
	const struct diag_list *seen;
	struct diag_list *out;
	struct litmus_findings *litmus; /* or NULL */
	struct strset *reported; /* "rule|fn|k1|k2" already reported */
};

static void run_rules(const struct pair_candidate *c, void *arg)
{
	registry_run_tree(arg, c);
}

void rule_tree_run(const struct fact_set *facts, const bool *report,
		   const struct diag_list *seen, struct diag_list *out,
		   struct litmus_findings *litmus)
{
	struct rule_tree_ctx ctx = { facts, report, seen, out, litmus, NULL };

	ctx.reported = strset_new();
	pairing_find(facts, run_rules, &ctx);
	lockless_find(facts, run_rules, &ctx);
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

	if (ctx->litmus)
		litmus_findings_add(ctx->litmus, &f);
}
