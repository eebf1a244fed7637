// SPDX-License-Identifier: GPL-2.0
/* --list-rules=md: the README's rules table, generated from the registry. */
#include "catalogue.h"

#include <stdbool.h>
#include <string.h>

#include "registry.h"

/*
 * " id id ... ": the rules with a Coccinelle twin, rules/<id>.cocci, as
 * checker/CMakeLists.txt globs them. A file, not a descriptor field, so
 * the column cannot claim a twin that is not there; the catalogue test
 * checks that every .cocci names a rule.
 */
#ifndef ORDERCHECK_COCCI_TWINS
#define ORDERCHECK_COCCI_TWINS " "
#endif

static bool has_twin(const char *id)
{
	const char *p = ORDERCHECK_COCCI_TWINS;
	size_t n = strlen(id);

	/* the list starts with a blank, so p[-1] is inside it */
	for (; (p = strstr(p, id)); p += n)
		if (p[-1] == ' ' && p[n] == ' ')
			return true;
	return false;
}

/* A markdown table cell: '|' would end it. */
static void cell(FILE *out, const char *text)
{
	fputc(' ', out);
	for (; *text; text++) {
		if (*text == '|')
			fputc('\\', out);
		fputc(*text, out);
	}
	fputs(" |", out);
}

static void row(FILE *out, const struct rule_family *f, const struct rule *r)
{
	/* tree rules judge the pairing engine's candidates, after every file */
	const char *scope = r->scope == RULE_TREE ? " (tree)" : "";

	fprintf(out, "| [`%s`](testcases/%s/README.md) |", r->id, r->id);
	cell(out, f->name);
	fprintf(out, " checker%s%s | %s |", scope,
		has_twin(r->id) ? ", cocci" : "",
		r->fix == FIX_SAFE ? "safe" : "none");
	/* the table has no severity column: a remark says so */
	if (r->sev != SEV_WARNING)
		fprintf(out, " %s:", diag_severity_name(r->sev));
	cell(out, r->summary);
	fputc('\n', out);
}

void catalogue_md(FILE *out)
{
	const struct rule_family *f;
	unsigned i, j;

	fputs("| id | family | engines | fix | what |\n"
	      "| --- | --- | --- | --- | --- |\n",
	      out);
	for (i = 0; (f = registry_family_at(i)); i++)
		for (j = 0; j < f->nrules; j++)
			row(out, f, &f->rules[j]);
}
