// SPDX-License-Identifier: GPL-2.0
/*
 * The GitLab code quality sink (--format=codeclimate): a JSON array of
 * issues with description, check_name, fingerprint, severity and
 * location.path/lines.begin, as GitLab's merge request widget reads them.
 */
#include "../json/jsonio.h"
#include "fingerprint.h"
#include "report.h"

static const char *severity_of(enum oc_severity s)
{
	static const char *const sev[] = { "info", "major", "critical" };

	return sev[s];
}

void report_codeclimate(FILE *out, const struct diag_list *l, char **fps)
{
	json_t *issues = json_array();
	unsigned i;

	for (i = 0; i < l->n; i++) {
		const struct oc_diag *d = &l->v[i];

		if (!d->rule)
			continue;
		jsonio_push(issues,
			    jsonio_pack("{s:s,s:o,s:o,s:[s],s:o,s:s,"
					"s:{s:o,s:{s:I}}}",
					"type", "issue", "check_name",
					jsonio_str(d->rule), "description",
					jsonio_str(d->message), "categories",
					"Bug Risk", "fingerprint",
					jsonio_str(fps[i]), "severity",
					severity_of(d->sev), "location", "path",
					jsonio_str(d->file), "lines", "begin",
					(json_int_t)(d->line ? d->line : 1)));
	}
	jsonio_write(out, issues);
	json_decref(issues);
}
