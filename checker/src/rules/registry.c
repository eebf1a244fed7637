// SPDX-License-Identifier: GPL-2.0
/* The rule registry: the only file that knows every family. */
#include "registry.h"

#include <stdio.h>
#include <string.h>

#define FAMILY(name) extern const struct rule_family family_##name;
#include "families.h"
#undef FAMILY

static const struct rule_family *const families[] = {
#define FAMILY(name) &family_##name,
#include "families.h"
#undef FAMILY
};

#define NFAMILIES (sizeof(families) / sizeof(families[0]))
#define MAX_RULES 128

/* -W<id> (1) or -Wno-<id> (-1); 0: the rule's default */
static signed char choice[MAX_RULES];
static bool opt_in_on; /* --verify: the opt-in rules run too */

static bool on_at(const struct rule *r, unsigned k)
{
	if (k < MAX_RULES && choice[k])
		return choice[k] > 0;
	return !(r->flags & RULE_OPT_IN) || opt_in_on;
}

void registry_enable_opt_in(void)
{
	opt_in_on = true;
}

unsigned registry_count(void)
{
	unsigned i, n = 0;

	for (i = 0; i < NFAMILIES; i++)
		n += families[i]->nrules;
	return n;
}

const struct rule *registry_at(unsigned idx)
{
	unsigned i;

	for (i = 0; i < NFAMILIES; i++) {
		if (idx < families[i]->nrules)
			return &families[i]->rules[idx];
		idx -= families[i]->nrules;
	}
	return NULL;
}

const struct rule_family *registry_family_at(unsigned i)
{
	return i < NFAMILIES ? families[i] : NULL;
}

static int index_of(const struct rule *r)
{
	unsigned i, n = registry_count();

	for (i = 0; i < n && i < MAX_RULES; i++)
		if (registry_at(i) == r)
			return (int)i;
	return -1;
}

const struct rule *registry_find(const char *id)
{
	unsigned i, n = registry_count();

	for (i = 0; i < n; i++)
		if (!strcmp(registry_at(i)->id, id))
			return registry_at(i);
	return NULL;
}

int registry_set_enabled(const char *id, bool on)
{
	const struct rule *r = registry_find(id);
	int i;

	if (!r)
		return -1;
	i = index_of(r);
	if (i < 0)
		return -1;
	choice[i] = on ? 1 : -1;
	return 0;
}

bool registry_remark_shown(const char *id)
{
	const struct rule *r = id ? registry_find(id) : NULL;
	int i;

	if (!r || !(r->flags & RULE_REMARKS_OPT_IN) || opt_in_on)
		return true;
	i = index_of(r);
	return i >= 0 && choice[i] > 0;
}

void registry_shown_remarks(char *buf, size_t n)
{
	unsigned i, len = 0;

	if (n)
		buf[0] = '\0';
	for (i = 0; i < registry_count() && len < n; i++) {
		const struct rule *r = registry_at(i);
		int w;

		if (!(r->flags & RULE_REMARKS_OPT_IN) ||
		    !registry_remark_shown(r->id))
			continue;
		w = snprintf(buf + len, n - len, " -W%s", r->id);
		if (w < 0)
			break;
		len += (unsigned)w;
	}
}

bool registry_enabled(const struct rule *r)
{
	int i = index_of(r);

	return i >= 0 && on_at(r, (unsigned)i);
}

void registry_list(FILE *out)
{
	unsigned i, j;

	for (i = 0; i < NFAMILIES; i++) {
		fprintf(out, "%s:\n", families[i]->name);
		for (j = 0; j < families[i]->nrules; j++) {
			const struct rule *r = &families[i]->rules[j];

			fprintf(out, "  %-28s %-7s %-9s %s\n", r->id,
				diag_severity_name(r->sev),
				r->fix == FIX_SAFE ? "fix:safe" : "fix:none",
				r->summary);
			/* precedence, under the rule that yields */
			if (r->yields_to)
				fprintf(out, "  %-28s yields to: %s\n", "",
					r->yields_to);
			if (r->flags & RULE_REMARKS_OPT_IN)
				fprintf(out, "  %-28s remarks: opt-in (-W%s)\n",
					"", r->id);
		}
	}
}

/* Where next_enabled() is in the families' tables. */
struct cursor {
	unsigned family, rule, index;
};

/*
 * The next enabled rule with a check of @scope from @c on, or NULL. Tree rules run on
 * every candidate pair of a tree: a walk of the tables, not a lookup.
 */
static const struct rule *next_enabled(enum rule_scope scope, struct cursor *c)
{
	for (; c->family < NFAMILIES; c->family++, c->rule = 0)
		while (c->rule < families[c->family]->nrules) {
			const struct rule *r =
				&families[c->family]->rules[c->rule++];
			unsigned k = c->index++;

			/* a function rule may judge tree candidates too */
			if (on_at(r, k) && (scope == RULE_FUNCTION ?
						    r->check_function != NULL :
						    r->check_tree != NULL))
				return r;
		}
	return NULL;
}

void registry_run_function(struct rule_ctx *ctx, const struct function_ir *fn)
{
	struct cursor c = { 0, 0, 0 };
	const struct rule *r;

	while ((r = next_enabled(RULE_FUNCTION, &c)))
		r->check_function(ctx, r, fn);
}

void registry_run_tree(struct rule_tree_ctx *ctx,
		       const struct pair_candidate *c)
{
	struct cursor at = { 0, 0, 0 };
	const struct rule *r;

	while ((r = next_enabled(RULE_TREE, &at)))
		r->check_tree(ctx, r, c);
}
