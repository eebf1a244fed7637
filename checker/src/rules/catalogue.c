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

/*
 * " id=value id=value ... ": what each testcases/<id>/repro.c declares it
 * shows on x86-64 (its "// repro-shows:" line), as checker/CMakeLists.txt
 * reads them. The repro declares it, not the descriptor: the repro is
 * what knows what it measured, and the two cannot disagree.
 */
#ifndef ORDERCHECK_REPRO_SHOWS
#define ORDERCHECK_REPRO_SHOWS " "
#endif

static const struct {
	const char *value;
	const char *text;
} repro_texts[] = {
	{ "outcome", "outcome observed" },
	{ "codegen", "codegen only" },
	{ "herd7", "herd7 only" },
	{ "cost", "cost measured" },
	{ "todo", "TODO" },
};

/* The repro column's text, "none" without a repro, "?" for an unknown value. */
static const char *repro_shows(const char *id)
{
	const char *p = ORDERCHECK_REPRO_SHOWS;
	size_t n = strlen(id), len;
	unsigned i;

	for (; (p = strstr(p, id)); p += n) {
		if (p[-1] != ' ' || p[n] != '=')
			continue;
		p += n + 1;
		len = strcspn(p, " ");
		for (i = 0; i < sizeof(repro_texts) / sizeof(repro_texts[0]);
		     i++)
			if (strlen(repro_texts[i].value) == len &&
			    !strncmp(p, repro_texts[i].value, len))
				return repro_texts[i].text;
		return "?";
	}
	return "none";
}

/* A markdown table cell's text: '|' would end the cell. */
static void text(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', out);
		fputc(*s, out);
	}
}

static void cell(FILE *out, const char *s)
{
	fputc(' ', out);
	text(out, s);
	fputs(" |", out);
}

/* " (yields to `a`, `b`)" of the space-separated ids @ids */
static void yields(FILE *out, const char *ids)
{
	const char *sep = " (yields to ";
	size_t n;

	for (; *(ids += strspn(ids, " ")); ids += n, sep = ", ") {
		n = strcspn(ids, " ");
		fprintf(out, "%s`%.*s`", sep, (int)n, ids);
	}
	fputc(')', out);
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
	cell(out, repro_shows(r->id));
	/* the table has no severity column: a remark says so */
	if (r->sev != SEV_WARNING)
		fprintf(out, " %s:", diag_severity_name(r->sev));
	fputc(' ', out);
	text(out, r->summary);
	/* precedence: the rules it leaves a candidate to (rule_yields()) */
	if (r->yields_to)
		yields(out, r->yields_to);
	if (r->flags & RULE_REMARKS_OPT_IN)
		fprintf(out, " (its remarks are opt-in: `-W%s`)", r->id);
	fputs(" |\n", out);
}

void catalogue_md(FILE *out)
{
	const struct rule_family *f;
	unsigned i, j;

	fputs("| id | family | engines | fix | repro on x86-64 | what |\n"
	      "| --- | --- | --- | --- | --- | --- |\n",
	      out);
	for (i = 0; (f = registry_family_at(i)); i++)
		for (j = 0; j < f->nrules; j++)
			row(out, f, &f->rules[j]);
}
