// SPDX-License-Identifier: GPL-2.0
/* --changed-since REV: narrow the report to the lines a git range touches. */
#include "changed.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "../util.h"
#include "diffread.h"

/* What may reach git as a revision: names, ranges, HEAD~2, @{u}. */
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

/*
 * git diff in one form whatever the user's config says: no colour, no
 * external or textconv driver, no prefix swapped (diff.noprefix,
 * diff.mnemonicPrefix) or path made relative (diff.relative), no hunks
 * merged across unchanged lines (diff.interHunkContext), renames found
 * as git's default finds them, every file read as text, and non-ASCII
 * names unquoted; the numstat is how the patch is checked.
 */
static char *const diff_argv[] = {
	"git",
	"-c",
	"core.quotePath=false",
	"diff",
	"--numstat",
	"-p",
	"-z",
	"-U0",
	"--inter-hunk-context=0",
	"--no-color",
	"--no-ext-diff",
	"--no-textconv",
	"--text",
	"--no-relative",
	"--find-renames",
	"--submodule=short",
	"--src-prefix=a/",
	"--dst-prefix=b/",
};

#define DIFF_ARGC (sizeof(diff_argv) / sizeof(diff_argv[0]))

/* git's output, or NULL after saying that @what failed, and @hint. */
static char *git_output(char *const *argv, const char *what, const char *hint,
			size_t *len, FILE *err)
{
	int status;
	char *out = run_capture_n(argv, NULL, false, &status, len);

	if (out && WIFEXITED(status) && !WEXITSTATUS(status))
		return out;
	free(out);
	fprintf(err, "ordercheck: --changed-since: %s failed%s\n", what, hint);
	return NULL;
}

static char *repo_root(void)
{
	char *argv[] = { "git", "rev-parse", "--show-toplevel", NULL };
	int status;
	size_t len;
	char *out = run_capture_n(argv, NULL, false, &status, &len);

	if (!out || !WIFEXITED(status) || WEXITSTATUS(status) || !len) {
		free(out);
		return NULL;
	}
	if (out[len - 1] == '\n')
		out[len - 1] = '\0';
	return out;
}

static int read_diff(const char *rev, struct changed_lines *c, FILE *err)
{
	char *argv[DIFF_ARGC + 3], *out, *what;
	size_t len;
	int rc;

	memcpy(argv, diff_argv, sizeof(diff_argv));
	argv[DIFF_ARGC] = (char *)rev;
	argv[DIFF_ARGC + 1] = "--";
	argv[DIFF_ARGC + 2] = NULL;
	/* git lets it outrank -U0, and hunks with context are not ours */
	unsetenv("GIT_DIFF_OPTS");
	what = xasprintf("git diff %s", rev);
	out = git_output(argv, what, " (is it a revision of this repository?)",
			 &len, err);
	free(what);
	if (!out)
		return -1;
	rc = changed_lines_read(c, out, len, err);
	free(out);
	return rc;
}

/*
 * Files git does not track yet are new in every line: without this, a
 * finding in a file added since REV but not yet committed (or staged)
 * would be dropped, and the run would pass. Ignored files stay out.
 */
static int read_untracked(struct changed_lines *c, FILE *err)
{
	char *argv[] = { "git",
			 "ls-files",
			 "-z",
			 "--others",
			 "--exclude-standard",
			 "--full-name",
			 ":/",
			 NULL };
	size_t len, i, start = 0;
	char *out = git_output(argv, "git ls-files", "", &len, err);

	if (!out)
		return -1;
	for (i = 0; i < len; i++) {
		if (out[i])
			continue;
		changed_lines_whole(c, out + start, i - start);
		start = i + 1;
	}
	free(out);
	return 0;
}

/*
 * Whether a finding at @file:@line is on a changed line. A file that
 * cannot be resolved is kept: the report may hold more, never less.
 */
static bool touched(const struct changed_lines *c, const char *file,
		    unsigned line)
{
	char abs[PATH_MAX];

	return !realpath(file, abs) || changed_lines_has(c, abs, line);
}

/* A finding stays if it, or a partner location of it, is on a changed line. */
static bool keep_changed(const struct oc_diag *d, void *arg)
{
	const struct changed_lines *c = arg;
	unsigned j;

	if (!d->rule || touched(c, d->file, d->line))
		return true;
	for (j = 0; j < d->nnotes; j++)
		if (touched(c, d->notes[j].file, d->notes[j].line))
			return true;
	return false;
}

int changed_filter(const char *rev, struct diag_list *l, FILE *err)
{
	struct changed_lines *c;
	char *root, real[PATH_MAX];
	unsigned before = l->n;

	if (!safe_rev(rev)) {
		fprintf(err,
			"ordercheck: --changed-since: '%s' is not a "
			"revision name\n",
			rev);
		return -1;
	}
	root = repo_root();
	if (!root) {
		fprintf(err, "ordercheck: --changed-since needs a git "
			     "repository here\n");
		return -1;
	}
	/* findings' files are compared resolved: so must the root be */
	c = changed_lines_new(realpath(root, real) ? real : root);
	free(root);
	if (read_diff(rev, c, err) || read_untracked(c, err)) {
		changed_lines_free(c);
		return -1;
	}
	diag_list_filter(l, keep_changed, c);
	changed_lines_free(c);
	return (int)(before - l->n);
}
