// SPDX-License-Identifier: GPL-2.0
/* --changed-since REV: narrow the report to the lines a git range touches. */
#include "changed.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

struct hunk {
	char *file; /* absolute */
	unsigned first, last;
};

struct hunks {
	struct hunk *v;
	unsigned n;
};

/* What may reach the shell: revision names, ranges, HEAD~2, @{u}. */
static bool safe_rev(const char *rev)
{
	const char *p;

	if (!*rev || rev[0] == '-')
		return false;
	for (p = rev; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789._/~^@{}-",
			    *p))
			return false;
	return true;
}

static char *run_line(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	char buf[PATH_MAX];
	char *r = NULL;

	if (!p)
		return NULL;
	if (fgets(buf, sizeof(buf), p)) {
		buf[strcspn(buf, "\n")] = '\0';
		r = xstrdup(buf);
	}
	if (pclose(p) != 0) {
		free(r);
		r = NULL;
	}
	return r;
}

static void add_hunk(struct hunks *h, const char *file, unsigned first,
		     unsigned count)
{
	h->v = xrealloc(h->v, (h->n + 1) * sizeof(*h->v));
	h->v[h->n].file = xstrdup(file);
	h->v[h->n].first = first;
	/* a pure deletion: the line after it is what changed */
	h->v[h->n].last = count ? first + count - 1 : first;
	h->n++;
}

static int read_hunks(const char *rev, const char *root, struct hunks *h,
		      FILE *err)
{
	char *cmd = xasprintf("git diff -U0 --no-color --no-ext-diff %s --",
			      rev);
	FILE *p = popen(cmd, "r");
	char line[8192], *file = NULL;
	int rc;

	free(cmd);
	if (!p) {
		fprintf(err, "ordercheck: cannot run git diff\n");
		return -1;
	}
	while (fgets(line, sizeof(line), p)) {
		unsigned first, count = 1;

		if (!strncmp(line, "+++ ", 4)) {
			line[strcspn(line, "\n")] = '\0';
			free(file);
			file = !strncmp(line + 4, "b/", 2) ?
				       xasprintf("%s/%s", root, line + 6) :
				       NULL;
		} else if (!strncmp(line, "@@ ", 3) && file) {
			const char *plus = strchr(line, '+');

			if (plus && sscanf(plus, "+%u,%u", &first, &count) >= 1)
				add_hunk(h, file, first, count);
		}
	}
	free(file);
	rc = pclose(p);
	if (rc != 0) {
		fprintf(err,
			"ordercheck: git diff %s failed (is it a "
			"revision of this repository?)\n",
			rev);
		return -1;
	}
	return 0;
}

/*
 * Files git does not track yet are new in every line: without this, a
 * finding in a file added since REV but not yet committed (or staged)
 * would be dropped, and the run would pass. Ignored files stay out.
 */
static int read_untracked(const char *root, struct hunks *h, FILE *err)
{
	FILE *p = popen("git ls-files -z --others --exclude-standard "
			"--full-name :/",
			"r");
	struct strbuf name = { 0 };
	char *file, ch;
	int c;

	if (!p) {
		fprintf(err, "ordercheck: cannot run git ls-files\n");
		return -1;
	}
	while ((c = getc(p)) != EOF) {
		if (c) {
			ch = (char)c;
			sb_add(&name, &ch, 1);
			continue;
		}
		file = xasprintf("%s/%.*s", root, (int)name.len,
				 name.len ? name.s : "");
		add_hunk(h, file, 1, UINT_MAX);
		free(file);
		name.len = 0;
	}
	free(name.s);
	if (pclose(p) != 0) {
		fprintf(err, "ordercheck: git ls-files failed\n");
		return -1;
	}
	return 0;
}

static bool touched(const struct hunks *h, const char *file, unsigned line)
{
	char abs[PATH_MAX];
	unsigned i;

	if (!realpath(file, abs))
		return false;
	for (i = 0; i < h->n; i++)
		if (!strcmp(h->v[i].file, abs) && line >= h->v[i].first &&
		    line <= h->v[i].last)
			return true;
	return false;
}

/* A finding stays if it, or a partner location of it, is on a changed line. */
static bool keep_changed(const struct oc_diag *d, void *arg)
{
	const struct hunks *h = arg;
	unsigned j;

	if (!d->rule || touched(h, d->file, d->line))
		return true;
	for (j = 0; j < d->nnotes; j++)
		if (touched(h, d->notes[j].file, d->notes[j].line))
			return true;
	return false;
}

int changed_filter(const char *rev, struct diag_list *l, FILE *err)
{
	struct hunks h = { NULL, 0 };
	char *root;
	unsigned i, before = l->n;

	if (!safe_rev(rev)) {
		fprintf(err, "ordercheck: --changed-since: '%s' is not a "
			"revision name\n", rev);
		return -1;
	}
	root = run_line("git rev-parse --show-toplevel 2>/dev/null");
	if (!root) {
		fprintf(err, "ordercheck: --changed-since needs a git "
			"repository here\n");
		return -1;
	}
	if (read_hunks(rev, root, &h, err) || read_untracked(root, &h, err)) {
		free(root);
		return -1;
	}
	diag_list_filter(l, keep_changed, &h);
	for (i = 0; i < h.n; i++)
		free(h.v[i].file);
	free(h.v);
	free(root);
	return (int)(before - l->n);
}
