// SPDX-License-Identifier: GPL-2.0
/*
 * --explain: the pairing pass's decisions about one line, in words. Each
 * candidate gets one paragraph: the partner, the shape, how each side
 * orders its two accesses and the locks it holds at them, herd7's
 * verdict from the table, and the outcome (reported, by which rule;
 * dropped by the engine, and why; or judged and not reported).
 */
#include "tree_explain.h"

#include <stdlib.h>
#include <string.h>

#include "../pairs/inline.h"
#include "../util.h"
#include "pairs_shapes.h"
#include "registry.h"

int tree_explain_parse(const char *arg, struct tree_explain *ex)
{
	const char *colon = strrchr(arg, ':');
	char *end;
	unsigned long line, last;

	if (!colon || colon == arg || !colon[1])
		goto bad;
	line = last = strtoul(colon + 1, &end, 10);
	if (*end == '-')
		last = strtoul(end + 1, &end, 10);
	if (*end || !line || last < line)
		goto bad;
	ex->file = xstrndup(arg, (size_t)(colon - arg));
	ex->line = (unsigned)line;
	ex->last = (unsigned)last;
	ex->out = stdout;
	return 0;
bad:
	fprintf(stderr,
		"ordercheck: --explain wants FILE:LINE or FILE:LINE-LINE, not "
		"'%s'\n",
		arg);
	return -1;
}

/* @path names @want's file: equal, or ends with "/" + @want. */
static bool same_file(const char *path, const char *want)
{
	size_t lp, lw;

	if (!path)
		return false;
	while (!strncmp(want, "./", 2))
		want += 2;
	lp = strlen(path);
	lw = strlen(want);
	if (lp == lw)
		return !strcmp(path, want);
	return lp > lw && path[lp - lw - 1] == '/' &&
	       !strcmp(path + lp - lw, want);
}

static bool on_line(const struct tree_explain *ex, const struct fact *f)
{
	return f->line >= ex->line && f->line <= ex->last &&
	       same_file(f->file, ex->file);
}

bool tree_explain_on_line(const struct tree_explain *ex, const char *file,
			  unsigned line)
{
	return line >= ex->line && line <= ex->last &&
	       same_file(file, ex->file);
}

bool tree_explain_wants(const struct tree_explain *ex,
			const struct pair_candidate *c)
{
	if (!ex || !c->a || !c->b)
		return false;
	return on_line(ex, pairing_first(c->set, c->a)) ||
	       on_line(ex, pairing_second(c->set, c->a)) ||
	       on_line(ex, pairing_first(c->set, c->b)) ||
	       on_line(ex, pairing_second(c->set, c->b));
}

static const char *op_word(const struct fact *f)
{
	static const struct {
		char op;
		const char *word;
	} words[] = {
		{ FO_LOAD, "load" },	 { FO_STORE, "store" },
		{ FO_RMW, "RMW" },	 { FO_FENCE, "fence" },
		{ FO_CALL, "call" },	 { FO_LOCK, "lock" },
		{ FO_UNLOCK, "unlock" },
	};
	size_t k;

	for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (words[k].op == f->op)
			return words[k].word;
	return "?";
}

static const char *locks_text(const struct fact *f)
{
	return f->lockset && f->lockset[0] ? f->lockset :
	       f->locks			   ? "a lock with no name" :
					     "none";
}

void tree_explain_facts(const struct tree_explain *ex,
			const struct fact_set *set)
{
	unsigned i, k, n = 0;

	for (i = 0; i < set->nfns; i++) {
		const struct fact_fn *fn = &set->fns[i];

		for (k = 0; k < fn->n; k++) {
			const struct fact *f = &fn->v[k];
			const struct fact_via *via = facts_via(fn, f);

			if (!on_line(ex, f) || f->op == FO_CALL)
				continue;
			fprintf(ex->out,
				"explain: %s:%u: %s() %s %s%s%s%s, %s; locks "
				"held: %s%s%s%s\n",
				f->file, f->line, fn->name, op_word(f),
				f->key[0] ? "'" : "", f->key,
				f->key[0] ? "' " : "",
				f->name[0] ? f->name : "(plain)",
				(f->flags & FA_MARKED) ? "marked" : "plain",
				locks_text(f), via ? " (inlined from " : "",
				via ? via->callee : "", via ? "())" : "");
			n++;
		}
	}
	if (!n)
		fprintf(ex->out,
			"explain: %s:%u-%u: no access of shared memory the "
			"pairing sees on these lines\n",
			ex->file, ex->line, ex->last);
}

static const char *const ord_words[] = {
	[ORD_NONE] = "nothing orders them",
	[ORD_WRONG] = "a barrier of the wrong kind",
	[ORD_UNKNOWN] = "cannot tell (a lock or a call between)",
	[ORD_YES] = "ordered",
};

static void side(const struct tree_explain *ex, const char *who,
		 const struct pair_candidate *c, const struct pair_side *e)
{
	const struct fact *a = pairing_first(c->set, e),
			  *b = pairing_second(c->set, e);

	const struct fact_fn *fn = pairing_fn(c->set, e);

	fprintf(ex->out,
		"  %s %s(): '%s' at %s:%u, then '%s' at line %u; %s%s%s; "
		"locks held: %s / %s; context: %s%s%s%s\n",
		who, fn->name, a->key, a->file, a->line, b->key, b->line,
		ord_words[e->o.ord], e->o.what ? " by " : "",
		e->o.what ? e->o.what : "", locks_text(a), locks_text(b),
		fn->entry ? "only from " : "any", fn->entry ? fn->entry : "",
		fn->entry ? "(), " : "", fn->entry ? fn->entry_kind : "");
}

static const char *verdict_word(enum verdict v)
{
	return v == VERDICT_ALLOWED   ? "allowed" :
	       v == VERDICT_FORBIDDEN ? "forbidden" :
					"not in the table";
}

void tree_explain_candidate(const struct tree_explain *ex,
			    const struct pair_candidate *c, const char *reason,
			    const char *detail, const struct diag_list *out,
			    unsigned n0)
{
	const char *shape = pairing_shape(c->shape)->name;
	unsigned i;

	fprintf(ex->out, "explain: %s candidate:\n", shape);
	side(ex, "side 1:", c, c->a);
	side(ex, "side 2:", c, c->b);
	if (!reason && (c->shape == SHAPE_MP || c->shape == SHAPE_S ||
			c->shape == SHAPE_SB || c->shape == SHAPE_LB)) {
		const struct pair_judgement *j = pairs_judge(c);

		fprintf(ex->out, "  herd7 (%s, %s with %s and %s): %s%s%s\n",
			j->model ? j->model : "?", j->shape ? j->shape : shape,
			j->kind[0] ? j->kind[0] : "no kind",
			j->kind[1] ? j->kind[1] : "no kind", verdict_word(j->v),
			j->test ? ", " : "", j->test ? j->test : "");
	}
	if (reason) {
		fprintf(ex->out, "  not reported: %s%s%s%s\n", reason,
			detail && detail[0] ? " (" : "", detail ? detail : "",
			detail && detail[0] ? ")" : "");
		return;
	}
	if (out->n == n0) {
		fprintf(ex->out, "  not reported: the rules judged it and "
				 "found nothing new to say (ordered as "
				 "needed, the table forbids the outcome, or "
				 "reported with another partner)\n");
		return;
	}
	for (i = n0; i < out->n; i++) {
		const struct oc_diag *d = &out->v[i];

		if (!d->rule)
			continue;
		if (d->sev == SEV_NOTE && !registry_remark_shown(d->rule))
			fprintf(ex->out,
				"  not reported: a remark of [%s] at %s:%u, "
				"whose remarks are opt-in (-W%s shows them)\n",
				d->rule, d->file, d->line, d->rule);
		else
			fprintf(ex->out, "  reported: [%s] at %s:%u\n", d->rule,
				d->file, d->line);
	}
}
