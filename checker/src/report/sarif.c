// SPDX-License-Identifier: GPL-2.0
/*
 * The SARIF 2.1.0 sink (--format=sarif), with what GitHub code scanning
 * reads: tool.driver.rules with help text, results with a ruleId, level,
 * message and physical location, partialFingerprints, related locations
 * for the notes, fixes for the safe fix-its.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/registry.h"
#include "../uri.h"
#include "../util.h"
#include "fingerprint.h"
#include "jsonw.h"
#include "report.h"

static const char *level_of(enum oc_severity s)
{
	static const char *const levels[] = { "note", "warning", "error" };

	return levels[s];
}

/* A relative path is relative to SRCROOT, the working directory. */
static void artifact(FILE *out, const char *file)
{
	char *uri = uri_from_path(file, false);

	fputs("\"artifactLocation\":{\"uri\":", out);
	jsonw_str(out, uri);
	if (file[0] != '/')
		fputs(",\"uriBaseId\":\"SRCROOT\"", out);
	fputc('}', out);
	free(uri);
}

static void location(FILE *out, const char *file, unsigned line, unsigned col,
		     const char *function)
{
	fputs("{\"physicalLocation\":{", out);
	artifact(out, file);
	fprintf(out, ",\"region\":{\"startLine\":%u", line ? line : 1);
	if (col)
		fprintf(out, ",\"startColumn\":%u", col);
	fputs("}}", out);
	if (function && *function) {
		fputs(",\"logicalLocations\":[{\"name\":", out);
		jsonw_str(out, function);
		fputs(",\"kind\":\"function\"}]", out);
	}
	fputc('}', out);
}

/* SARIF wants a name for people that differs from the id: MbAfterAtomic. */
static void pascal_name(FILE *out, const char *id)
{
	bool up = true;

	fputc('"', out);
	for (; *id; id++) {
		if (*id == '-') {
			up = true;
			continue;
		}
		fputc(up && *id >= 'a' && *id <= 'z' ? *id - 'a' + 'A' : *id, out);
		up = false;
	}
	fputc('"', out);
}

static void driver(FILE *out)
{
	unsigned i, n = registry_count();

	fputs("\"tool\":{\"driver\":{\"name\":\"ordercheck\","
	      "\"informationUri\":\"https://www.kernel.org/doc/html/latest/"
	      "core-api/wrappers/memory-barriers.html\",\"version\":",
	      out);
	jsonw_str(out, ORDERCHECK_VERSION);
	fputs(",\"semanticVersion\":", out);
	jsonw_str(out, ORDERCHECK_VERSION);
	fputs(",\"rules\":[", out);
	for (i = 0; i < n; i++) {
		const struct rule *r = registry_at(i);
		char *md = xasprintf("%s\n\nThe rule's page, with the bug, the "
				     "fix and a reproduction: "
				     "`testcases/%s/README.md` in the "
				     "ordercheck sources.",
				     r->summary, r->id);

		fputs(i ? ",{\"id\":" : "{\"id\":", out);
		jsonw_str(out, r->id);
		fputs(",\"name\":", out);
		pascal_name(out, r->id);
		fputs(",\"shortDescription\":{\"text\":", out);
		jsonw_str(out, r->summary);
		fputs("},\"fullDescription\":{\"text\":", out);
		jsonw_str(out, r->summary);
		fputs("},\"help\":{\"text\":", out);
		jsonw_str(out, md);
		fputs(",\"markdown\":", out);
		jsonw_str(out, md);
		fprintf(out, "},\"defaultConfiguration\":{\"level\":\"%s\"},"
			     "\"properties\":{\"tags\":[\"concurrency\","
			     "\"memory-ordering\"]}}",
			level_of(r->sev));
		free(md);
	}
	fputs("]}}", out);
}

static int rule_index(const char *id)
{
	unsigned i, n = registry_count();

	for (i = 0; i < n; i++)
		if (!strcmp(registry_at(i)->id, id))
			return (int)i;
	return -1;
}

static void fixes(FILE *out, const struct oc_diag *d)
{
	unsigned j;

	if (!d->fix_safe || !d->nfixes)
		return;
	fputs(",\"fixes\":[{\"description\":{\"text\":\"apply the fix-it\"},"
	      "\"artifactChanges\":[",
	      out);
	for (j = 0; j < d->nfixes; j++) {
		const struct oc_fix *f = &d->fixes[j];

		fputs(j ? ",{" : "{", out);
		artifact(out, f->file);
		fprintf(out,
			",\"replacements\":[{\"deletedRegion\":{\"startLine\":%u,"
			"\"startColumn\":%u,\"endLine\":%u,\"endColumn\":%u},"
			"\"insertedContent\":{\"text\":",
			f->line, f->col, f->end_line, f->end_col);
		jsonw_str(out, f->replacement);
		fputs("}}]}", out);
	}
	fputs("]}]", out);
}

static void result(FILE *out, const struct oc_diag *d, const char *fp)
{
	unsigned j;
	int idx = rule_index(d->rule);

	fputs("{\"ruleId\":", out);
	jsonw_str(out, d->rule);
	if (idx >= 0)
		fprintf(out, ",\"ruleIndex\":%d", idx);
	fprintf(out, ",\"level\":\"%s\",\"message\":{\"text\":",
		level_of(d->sev));
	jsonw_str(out, d->message);
	fputs("},\"locations\":[", out);
	location(out, d->file, d->line, d->col, d->function);
	fputc(']', out);
	if (d->nnotes) {
		fputs(",\"relatedLocations\":[", out);
		for (j = 0; j < d->nnotes; j++) {
			const struct oc_note *n = &d->notes[j];

			fprintf(out, "%s{\"id\":%u,\"physicalLocation\":{",
				j ? "," : "", j + 1);
			artifact(out, n->file);
			fprintf(out, ",\"region\":{\"startLine\":%u",
				n->line ? n->line : 1);
			if (n->col)
				fprintf(out, ",\"startColumn\":%u", n->col);
			fputs("}},\"message\":{\"text\":", out);
			jsonw_str(out, n->message);
			fputs("}}", out);
		}
		fputc(']', out);
	}
	fputs(",\"partialFingerprints\":{\"ordercheck/v1\":", out);
	jsonw_str(out, fp);
	fputc('}', out);
	fixes(out, d);
	fputc('}', out);
}

/* Messages about the run (a file that does not parse): notifications. */
static void invocation(FILE *out, const struct diag_list *l)
{
	unsigned i, k = 0;

	fputs("\"invocations\":[{\"executionSuccessful\":true,"
	      "\"toolExecutionNotifications\":[",
	      out);
	for (i = 0; i < l->n; i++) {
		const struct oc_diag *d = &l->v[i];

		if (d->rule)
			continue;
		fputs(k++ ? ",{\"level\":" : "{\"level\":", out);
		fprintf(out, "\"%s\",\"message\":{\"text\":", level_of(d->sev));
		jsonw_str(out, d->message);
		fputs("},\"locations\":[", out);
		location(out, d->file, d->line, d->col, NULL);
		fputs("]}", out);
	}
	fputs("]}]", out);
}

void report_sarif(FILE *out, const struct diag_list *l, char **fps)
{
	char *cwd = path_cwd(), *root = uri_from_path(cwd, true);
	unsigned i, k = 0;

	fputs("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\","
	      "\"version\":\"2.1.0\",\"runs\":[{",
	      out);
	driver(out);
	fputs(",\"originalUriBaseIds\":{\"SRCROOT\":{\"uri\":", out);
	jsonw_str(out, root);
	fputs("}},", out);
	invocation(out, l);
	fputs(",\"columnKind\":\"unicodeCodePoints\",\"results\":[", out);
	for (i = 0; i < l->n; i++) {
		if (!l->v[i].rule)
			continue;
		if (k++)
			fputc(',', out);
		result(out, &l->v[i], fps[i]);
	}
	fputs("]}]}\n", out);
	free(root);
	free(cwd);
}
