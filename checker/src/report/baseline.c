// SPDX-License-Identifier: GPL-2.0
/* Baselines: accepted findings by fingerprint (fingerprint.h). */
#include "baseline.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

#define HEADER "# ordercheck baseline v1: fingerprint\trule\tfile\tmessage\n"

int baseline_write(const char *path, const struct diag_list *l, char **fps,
		   FILE *err)
{
	FILE *f = fopen(path, "w");
	unsigned i;

	if (!f) {
		fprintf(err, "ordercheck: %s: %s\n", path, strerror(errno));
		return -1;
	}
	fputs(HEADER, f);
	for (i = 0; i < l->n; i++) {
		const struct oc_diag *d = &l->v[i];
		const char *m;

		if (!d->rule)
			continue;
		fprintf(f, "%s\t%s\t%s\t", fps[i], d->rule, d->file);
		/* the message is for people reading the file: one line */
		for (m = d->message; *m; m++)
			fputc(*m == '\n' || *m == '\t' ? ' ' : *m, f);
		fputc('\n', f);
	}
	return fclose(f) ? -1 : 0;
}

struct known {
	char **v;
	unsigned n;
	char **fps; /* the list's, filtered alongside */
	unsigned at, kept;
	int dropped;
};

static bool in_baseline(struct known *k, const char *fp)
{
	unsigned i;

	for (i = 0; fp && i < k->n; i++)
		if (!strcmp(k->v[i], fp))
			return true;
	return false;
}

static bool keep_new(const struct oc_diag *d, void *arg)
{
	struct known *k = arg;
	char *fp = k->fps[k->at++];
	bool keep = !d->rule || !in_baseline(k, fp);

	if (keep)
		k->fps[k->kept++] = fp;
	else {
		free(fp);
		k->dropped++;
	}
	return keep;
}

int baseline_filter(const char *path, struct diag_list *l, char **fps,
		    FILE *err)
{
	size_t len;
	char *buf = read_file(path, &len), *line, *save = NULL;
	struct known k = { NULL, 0, fps, 0, 0, 0 };
	unsigned i;

	if (!buf) {
		fprintf(err, "ordercheck: cannot read the baseline %s: %s\n",
			path, strerror(errno));
		return -1;
	}
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *tab = strchr(line, '\t');

		if (line[0] == '#' || !line[0])
			continue;
		if (tab)
			*tab = '\0';
		k.v = xrealloc(k.v, (k.n + 1) * sizeof(*k.v));
		k.v[k.n++] = line;
	}
	diag_list_filter(l, keep_new, &k);
	for (i = k.kept; i < k.at; i++)
		fps[i] = NULL;
	free(k.v);
	free(buf);
	return k.dropped;
}
