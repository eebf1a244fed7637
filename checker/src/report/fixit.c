// SPDX-License-Identifier: GPL-2.0
/* Safe fix-its: applied in place (--fix) or shown as a diff (--fix-diff). */
#include "report.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../util.h"

struct edit {
	const struct oc_fix *fix;
};

static int by_file_off(const void *pa, const void *pb)
{
	const struct oc_fix *a = ((const struct edit *)pa)->fix;
	const struct oc_fix *b = ((const struct edit *)pb)->fix;
	int r = strcmp(a->file, b->file);

	if (r)
		return r;
	return a->off < b->off ? -1 : a->off > b->off;
}

static struct edit *collect(const struct diag_list *l, unsigned *n)
{
	unsigned i, j, k = 0, total = 0;
	struct edit *e;

	for (i = 0; i < l->n; i++)
		if (l->v[i].fix_safe)
			total += l->v[i].nfixes;
	e = xcalloc(total ? total : 1, sizeof(*e));
	for (i = 0; i < l->n; i++)
		for (j = 0; l->v[i].fix_safe && j < l->v[i].nfixes; j++)
			e[k++].fix = &l->v[i].fixes[j];
	qsort(e, k, sizeof(*e), by_file_off);
	*n = k;
	return e;
}

/* The new text of one file from its edits e[0..n); overlaps are skipped. */
static char *patched(const char *buf, size_t len, const struct edit *e,
		     unsigned n)
{
	struct strbuf b = { 0 };
	size_t pos = 0;
	unsigned i;

	for (i = 0; i < n; i++) {
		const struct oc_fix *f = e[i].fix;

		if (f->off < pos || f->end_off > len)
			continue;
		sb_add(&b, buf + pos, f->off - pos);
		sb_puts(&b, f->replacement);
		pos = f->end_off;
	}
	sb_add(&b, buf + pos, len - pos);
	return sb_detach(&b);
}

static int write_file(const char *path, const char *s)
{
	FILE *f = fopen(path, "wb");
	int rc;

	if (!f)
		return -1;
	rc = fputs(s, f) < 0 ? -1 : 0;
	if (fclose(f))
		rc = -1;
	return rc;
}

/* Calls @fn for each file with fixes: its path, old and new text. */
static int each_file(const struct diag_list *l, FILE *err,
		     int (*fn)(const char *path, const char *old,
			       const char *new, void *arg),
		     void *arg)
{
	unsigned n, i = 0, j;
	struct edit *e = collect(l, &n);
	int rc = 0, changed = 0;

	while (i < n) {
		const char *path = e[i].fix->file;
		size_t len;
		char *buf, *out;

		for (j = i; j < n && !strcmp(e[j].fix->file, path); j++)
			;
		buf = read_file(path, &len);
		if (!buf) {
			fprintf(err, "ordercheck: %s: cannot read for fixing\n",
				path);
			rc = -1;
		} else {
			out = patched(buf, len, &e[i], j - i);
			if (fn(path, buf, out, arg))
				rc = -1;
			else
				changed++;
			free(out);
			free(buf);
		}
		i = j;
	}
	free(e);
	return rc ? rc : changed;
}

static int apply_one(const char *path, const char *old, const char *new,
		     void *arg)
{
	FILE *err = arg;

	(void)old;
	if (write_file(path, new)) {
		fprintf(err, "ordercheck: %s: cannot write the fix\n", path);
		return -1;
	}
	return 0;
}

int report_fix_apply(const struct diag_list *l, FILE *err)
{
	return each_file(l, err, apply_one, err);
}

struct diff_arg {
	FILE *out;
	FILE *err;
};

/* diff(1) is in every Debian (diffutils is Essential); labels name the file. */
static int diff_one(const char *path, const char *old, const char *new,
		    void *arg)
{
	struct diff_arg *a = arg;
	char ta[] = "/tmp/ordercheck-a-XXXXXX",
	     tb[] = "/tmp/ordercheck-b-XXXXXX";
	int fa = mkstemp(ta), fb = mkstemp(tb), status, rc = -1;
	char *la = xasprintf("a/%s", path), *lb = xasprintf("b/%s", path);
	char *argv[] = { "diff", "-u", "--label", la,  "--label",
			 lb,	 ta,   tb,	  NULL };
	char *diff;

	if (fa < 0 || fb < 0)
		goto out;
	close(fa);
	close(fb);
	fa = fb = -1;
	if (write_file(ta, old) || write_file(tb, new))
		goto out;
	fflush(NULL);
	diff = run_capture(argv, NULL, false, &status);
	/* diff exits 1 when the files differ, which they do */
	rc = diff && WIFEXITED(status) && WEXITSTATUS(status) <= 1 ? 0 : -1;
	if (diff)
		fputs(diff, a->out);
	if (rc)
		fprintf(a->err, "ordercheck: diff failed for %s\n", path);
	free(diff);
out:
	if (fa >= 0)
		close(fa);
	if (fb >= 0)
		close(fb);
	unlink(ta);
	unlink(tb);
	free(la);
	free(lb);
	return rc;
}

int report_fix_diff(FILE *out, const struct diag_list *l, FILE *err)
{
	struct diff_arg a = { out, err };

	return each_file(l, err, diff_one, &a) < 0 ? -1 : 0;
}
