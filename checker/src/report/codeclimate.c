// SPDX-License-Identifier: GPL-2.0
/*
 * The GitLab code quality sink (--format=codeclimate): a JSON array of
 * issues with description, check_name, fingerprint, severity and
 * location.path/lines.begin, as GitLab's merge request widget reads them.
 */
#include "fingerprint.h"
#include "jsonw.h"
#include "report.h"

static const char *severity_of(enum oc_severity s)
{
	static const char *const sev[] = { "info", "major", "critical" };

	return sev[s];
}

void report_codeclimate(FILE *out, const struct diag_list *l, char **fps)
{
	unsigned i, k = 0;

	fputc('[', out);
	for (i = 0; i < l->n; i++) {
		const struct oc_diag *d = &l->v[i];

		if (!d->rule)
			continue;
		fputs(k++ ? ",\n{" : "\n{", out);
		fputs("\"type\":\"issue\",\"check_name\":", out);
		jsonw_str(out, d->rule);
		fputs(",\"description\":", out);
		jsonw_str(out, d->message);
		fputs(",\"categories\":[\"Bug Risk\"],\"fingerprint\":", out);
		jsonw_str(out, fps[i]);
		fprintf(out, ",\"severity\":\"%s\",\"location\":{\"path\":",
			severity_of(d->sev));
		jsonw_str(out, d->file);
		fprintf(out, ",\"lines\":{\"begin\":%u}}}", d->line ? d->line : 1);
	}
	fputs(k ? "\n]\n" : "]\n", out);
}
