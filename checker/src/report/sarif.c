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

#include "../json/jsonio.h"
#include "../rules/registry.h"
#include "../uri.h"
#include "../util.h"
#include "fingerprint.h"
#include "report.h"

static const char *level_of(enum oc_severity s)
{
	static const char *const levels[] = { "note", "warning", "error" };

	return levels[s];
}

/* {"text": s}: SARIF's message and description objects. */
static json_t *text(const char *s)
{
	return jsonio_pack("{s:o}", "text", jsonio_str(s));
}

/* A relative path is relative to SRCROOT, the working directory. */
static json_t *artifact(const char *file)
{
	char *uri = uri_from_path(file, false);
	json_t *a = jsonio_pack("{s:o}", "uri", jsonio_str(uri));

	if (file[0] != '/')
		jsonio_set(a, "uriBaseId", json_string("SRCROOT"));
	free(uri);
	return a;
}

static json_t *region(unsigned line, unsigned col)
{
	json_t *r = jsonio_pack("{s:I}", "startLine",
				(json_int_t)(line ? line : 1));

	if (col)
		jsonio_set(r, "startColumn", json_integer(col));
	return r;
}

static json_t *physical(const char *file, unsigned line, unsigned col)
{
	return jsonio_pack("{s:o,s:o}", "artifactLocation", artifact(file),
			   "region", region(line, col));
}

static json_t *location(const char *file, unsigned line, unsigned col,
			const char *function)
{
	json_t *loc = jsonio_pack("{s:o}", "physicalLocation",
				  physical(file, line, col));

	if (function && *function)
		jsonio_set(loc, "logicalLocations",
			   jsonio_pack("[{s:o,s:s}]", "name",
				       jsonio_str(function), "kind",
				       "function"));
	return loc;
}

/* SARIF wants a name for people that differs from the id: MbAfterAtomic. */
static json_t *pascal_name(const char *id)
{
	char *name = xmalloc(strlen(id) + 1), *w = name;
	bool up = true;
	json_t *v;

	for (; *id; id++) {
		if (*id == '-') {
			up = true;
			continue;
		}
		*w++ = up && *id >= 'a' && *id <= 'z' ? *id - 'a' + 'A' : *id;
		up = false;
	}
	*w = '\0';
	v = jsonio_str(name);
	free(name);
	return v;
}

static json_t *rule(const struct rule *r)
{
	char *md = xasprintf("%s\n\nThe rule's page, with the bug, the fix and "
			     "a reproduction: `testcases/%s/README.md` in the "
			     "ordercheck sources.",
			     r->summary, r->id);
	json_t *v = jsonio_pack(
		"{s:o,s:o,s:o,s:o,s:{s:o,s:o},s:{s:s},s:{s:[s,s]}}", "id",
		jsonio_str(r->id), "name", pascal_name(r->id),
		"shortDescription", text(r->summary), "fullDescription",
		text(r->summary), "help", "text", jsonio_str(md), "markdown",
		jsonio_str(md), "defaultConfiguration", "level",
		level_of(r->sev), "properties", "tags", "concurrency",
		"memory-ordering");

	free(md);
	return v;
}

static json_t *driver(void)
{
	json_t *rules = json_array();
	unsigned i, n = registry_count();

	for (i = 0; i < n; i++)
		jsonio_push(rules, rule(registry_at(i)));
	return jsonio_pack("{s:{s:s,s:s,s:s,s:s,s:o}}", "driver", "name",
			   "ordercheck", "informationUri",
			   "https://www.kernel.org/doc/html/latest/core-api/"
			   "wrappers/memory-barriers.html",
			   "version", ORDERCHECK_VERSION, "semanticVersion",
			   ORDERCHECK_VERSION, "rules", rules);
}

static int rule_index(const char *id)
{
	unsigned i, n = registry_count();

	for (i = 0; i < n; i++)
		if (!strcmp(registry_at(i)->id, id))
			return (int)i;
	return -1;
}

static json_t *fixes(const struct oc_diag *d)
{
	json_t *changes = json_array();
	unsigned j;

	for (j = 0; j < d->nfixes; j++) {
		const struct oc_fix *f = &d->fixes[j];

		jsonio_push(changes,
			    jsonio_pack("{s:o,s:[{s:{s:I,s:I,s:I,s:I},s:o}]}",
					"artifactLocation", artifact(f->file),
					"replacements", "deletedRegion",
					"startLine", (json_int_t)f->line,
					"startColumn", (json_int_t)f->col,
					"endLine", (json_int_t)f->end_line,
					"endColumn", (json_int_t)f->end_col,
					"insertedContent",
					text(f->replacement)));
	}
	return jsonio_pack("[{s:{s:s},s:o}]", "description", "text",
			   "apply the fix-it", "artifactChanges", changes);
}

static json_t *result(const struct oc_diag *d, const char *fp)
{
	int idx = rule_index(d->rule);
	json_t *r = jsonio_pack("{s:o}", "ruleId", jsonio_str(d->rule));
	json_t *related;
	unsigned j;

	if (idx >= 0)
		jsonio_set(r, "ruleIndex", json_integer(idx));
	jsonio_set(r, "level", json_string(level_of(d->sev)));
	jsonio_set(r, "message", text(d->message));
	jsonio_set(r, "locations",
		   jsonio_pack("[o]", location(d->file, d->line, d->col,
					       d->function)));
	if (d->nnotes) {
		related = json_array();
		for (j = 0; j < d->nnotes; j++) {
			const struct oc_note *n = &d->notes[j];

			jsonio_push(
				related,
				jsonio_pack("{s:I,s:o,s:o}", "id",
					    (json_int_t)j + 1,
					    "physicalLocation",
					    physical(n->file, n->line, n->col),
					    "message", text(n->message)));
		}
		jsonio_set(r, "relatedLocations", related);
	}
	jsonio_set(r, "partialFingerprints",
		   jsonio_pack("{s:o}", "ordercheck/v1", jsonio_str(fp)));
	if (d->fix_safe && d->nfixes)
		jsonio_set(r, "fixes", fixes(d));
	return r;
}

/* Messages about the run (a file that does not parse): notifications. */
static json_t *invocations(const struct diag_list *l)
{
	json_t *notes = json_array();
	unsigned i;

	for (i = 0; i < l->n; i++) {
		const struct oc_diag *d = &l->v[i];

		if (d->rule)
			continue;
		jsonio_push(notes, jsonio_pack("{s:s,s:o,s:[o]}", "level",
					       level_of(d->sev), "message",
					       text(d->message), "locations",
					       location(d->file, d->line,
							d->col, NULL)));
	}
	return jsonio_pack("[{s:b,s:o}]", "executionSuccessful", 1,
			   "toolExecutionNotifications", notes);
}

void report_sarif(FILE *out, const struct diag_list *l, char **fps)
{
	char *cwd = path_cwd(), *root = uri_from_path(cwd, true);
	json_t *results = json_array(), *log;
	unsigned i;

	for (i = 0; i < l->n; i++)
		if (l->v[i].rule)
			jsonio_push(results, result(&l->v[i], fps[i]));
	log = jsonio_pack(
		"{s:s,s:s,s:[{s:o,s:{s:{s:o}},s:o,s:s,s:o}]}", "$schema",
		"https://json.schemastore.org/sarif-2.1.0.json", "version",
		"2.1.0", "runs", "tool", driver(), "originalUriBaseIds",
		"SRCROOT", "uri", jsonio_str(root), "invocations",
		invocations(l), "columnKind", "unicodeCodePoints", "results",
		results);
	jsonio_write(out, log);
	json_decref(log);
	free(root);
	free(cwd);
}
