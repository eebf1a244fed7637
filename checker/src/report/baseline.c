// SPDX-License-Identifier: GPL-2.0
/* Baselines: accepted findings by fingerprint (fingerprint.h). */
#include "baseline.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

#define MAGIC "# ordercheck baseline v1"
#define HEADER MAGIC ": fingerprint\trule\tfile\tmessage\n"

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

/* 16 hex digits, ':', a decimal occurrence: fingerprint.c's form */
static bool is_fingerprint(const char *s)
{
	int i;

	for (i = 0; i < 16; i++)
		if (!strchr("0123456789abcdef", s[i]) || !s[i])
			return false;
	if (s[16] != ':' || !s[17])
		return false;
	for (s += 17; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

/*
 * The fingerprints of the baseline in @buf (changed in place), or -1 with
 * the reason on @err: a file that is not a baseline (a SARIF report, a
 * typo'd path to something else) would otherwise filter nothing, or
 * everything, without a word.
 */
static int parse(const char *path, char *buf, size_t len, struct known *k,
		 FILE *err)
{
	char *line, *next;
	unsigned no = 1;

	if (strlen(buf) != len) {
		fprintf(err,
			"ordercheck: %s: not an ordercheck baseline (it "
			"holds NUL bytes)\n",
			path);
		return -1;
	}
	if (strncmp(buf, MAGIC, strlen(MAGIC))) {
		fprintf(err,
			"ordercheck: %s: not an ordercheck baseline (the "
			"first line is not '" MAGIC
			"...'; write one with --write-baseline)\n",
			path);
		return -1;
	}
	for (line = buf; line; line = next, no++) {
		char *tab;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		line[strcspn(line, "\r")] = '\0'; /* a CRLF checkout */
		if (line[0] == '#' || !line[0])
			continue;
		tab = strchr(line, '\t');
		if (tab)
			*tab = '\0';
		if (!is_fingerprint(line)) {
			fprintf(err,
				"ordercheck: %s: line %u: '%.40s' is not "
				"a fingerprint\n",
				path, no, line);
			return -1;
		}
		k->v = xrealloc(k->v, (k->n + 1) * sizeof(*k->v));
		k->v[k->n++] = line;
	}
	return 0;
}

int baseline_filter(const char *path, struct diag_list *l, char **fps,
		    FILE *err)
{
	size_t len;
	char *buf = read_file(path, &len);
	struct known k = { NULL, 0, fps, 0, 0, 0 };
	unsigned i;

	if (!buf) {
		fprintf(err, "ordercheck: cannot read the baseline %s: %s\n",
			path, strerror(errno));
		return -1;
	}
	if (parse(path, buf, len, &k, err)) {
		free(k.v);
		free(buf);
		return -1;
	}
	diag_list_filter(l, keep_new, &k);
	for (i = k.kept; i < k.at; i++)
		fps[i] = NULL;
	free(k.v);
	free(buf);
	return k.dropped;
}
