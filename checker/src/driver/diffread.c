// SPDX-License-Identifier: GPL-2.0
/*
 * What `git diff --numstat -p -z -U0` says a change adds, line by line.
 * Nothing here trusts the patch's shape alone: names are unquoted as git
 * quotes them, hunk bodies are consumed by their counts (an added line
 * "++ x" reads "+++ x"), and the numstat's count of added lines per file
 * must be met, so that a file the reader misunderstands is an error, not
 * a file with no findings.
 */
#include "diffread.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

struct range {
	unsigned first, last;
};

struct file_lines {
	char *rel; /* as git names it, for messages */
	struct range *v;
	unsigned n, cap;
	long added; /* the numstat's count; -1: not counted (binary, untracked) */
	unsigned long seen; /* added lines read from the patch */
};

struct changed_lines {
	char *root;
	struct strmap *files; /* absolute path -> file_lines */
	struct file_lines **all; /* in git's order, for the final check */
	unsigned nall;
};

struct changed_lines *changed_lines_new(const char *root)
{
	struct changed_lines *c = xcalloc(1, sizeof(*c));

	c->root = xstrdup(root);
	c->files = strmap_new();
	return c;
}

static void file_lines_free(void *p)
{
	struct file_lines *f = p;

	free(f->rel);
	free(f->v);
	free(f);
}

void changed_lines_free(struct changed_lines *c)
{
	if (!c)
		return;
	strmap_free(c->files, file_lines_free);
	free(c->all);
	free(c->root);
	free(c);
}

/* @rel[0..@n)'s entry; made if @add, else NULL when git did not list it. */
static struct file_lines *file_of(struct changed_lines *c, const char *rel,
				  size_t n, bool add)
{
	struct strbuf abs = { 0 };
	struct file_lines *f;
	void **slot;
	bool added;

	sb_printf(&abs, "%s/", c->root);
	sb_add(&abs, rel, n);
	if (!add) {
		f = strmap_get(c->files, abs.s);
		free(abs.s);
		return f;
	}
	slot = strmap_slot(c->files, abs.s, strlen(abs.s), &added);
	free(abs.s);
	if (!added)
		return *slot;
	f = *slot = xcalloc(1, sizeof(*f));
	f->rel = xstrndup(rel, n);
	f->added = -1;
	c->all = xrealloc(c->all, (c->nall + 1) * sizeof(*c->all));
	c->all[c->nall++] = f;
	return f;
}

static void mark(struct file_lines *f, unsigned first, unsigned last)
{
	if (f->n && f->v[f->n - 1].last + 1 == first &&
	    f->v[f->n - 1].last != UINT_MAX) {
		f->v[f->n - 1].last = last;
		return;
	}
	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 8;
		f->v = xrealloc(f->v, f->cap * sizeof(*f->v));
	}
	f->v[f->n].first = first;
	f->v[f->n++].last = last;
}

void changed_lines_whole(struct changed_lines *c, const char *rel, size_t n)
{
	mark(file_of(c, rel, n, true), 1, UINT_MAX);
}

bool changed_lines_has(const struct changed_lines *c, const char *abs,
		       unsigned line)
{
	const struct file_lines *f = strmap_get(c->files, abs);
	unsigned i;

	for (i = 0; f && i < f->n; i++)
		if (line >= f->v[i].first && line <= f->v[i].last)
			return true;
	return false;
}

/* The bytes up to @delim from *@p, which then points past it. */
static bool take(const char **p, const char *end, char delim, const char **tok,
		 size_t *n)
{
	const char *d = memchr(*p, delim, (size_t)(end - *p));

	if (!d)
		return false;
	*tok = *p;
	*n = (size_t)(d - *p);
	*p = d + 1;
	return true;
}

/* A decimal number filling @s[0..@n), at most @max. */
static bool number(const char *s, size_t n, unsigned long max, unsigned long *v)
{
	size_t i;

	*v = 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9' || *v > (max - (s[i] - '0')) / 10)
			return false;
		*v = *v * 10 + (unsigned long)(s[i] - '0');
	}
	return n > 0;
}

/*
 * One record, "ADDED\tDELETED\tPATH\0", or "ADDED\tDELETED\t\0OLD\0NEW\0"
 * for a rename; ADDED is "-" for what git takes for binary.
 */
static bool numstat_record(struct changed_lines *c, const char **p,
			   const char *end)
{
	const char *a, *d, *path;
	size_t na, nd, np;
	unsigned long added = 0;
	struct file_lines *f;

	if (!take(p, end, '\t', &a, &na) || !take(p, end, '\t', &d, &nd) ||
	    !take(p, end, '\0', &path, &np))
		return false;
	if (!np && (!take(p, end, '\0', &path, &np) ||
		    !take(p, end, '\0', &path, &np) || !np))
		return false;
	if (!(na == 1 && *a == '-') && !number(a, na, LONG_MAX, &added))
		return false;
	f = file_of(c, path, np, true);
	f->added = na == 1 && *a == '-' ? -1 : (long)added;
	return true;
}

/* The records up to the empty one that ends them; *@p after it. */
static int read_numstat(struct changed_lines *c, const char **p,
			const char *end, FILE *err)
{
	while (*p < end) {
		if (!**p) {
			(*p)++;
			return 0;
		}
		if (!numstat_record(c, p, end)) {
			fprintf(err, "ordercheck: --changed-since: cannot read "
				     "git diff's list of changed files\n");
			return -1;
		}
	}
	return 0;
}

struct patch {
	struct changed_lines *c;
	struct file_lines *cur; /* NULL: a deleted file, or no header yet */
	bool header; /* between "diff --git" and the first hunk */
	unsigned long old_left, new_left, line;
	struct strbuf name; /* of the file being read, for messages */
	const char *why; /* what did not read */
};

/* git's C quoting of a name ("b/a\tb", "b/\303\274"), into @out. */
static bool unquote(const char *s, const char *end, struct strbuf *out)
{
	static const char esc[] = "a\ab\bt\tn\nv\vf\fr\r\"\"\\\\";
	const char *e;
	unsigned ch;
	char byte;
	int i;

	for (s++; s < end && *s != '"'; s++) {
		if (*s != '\\') {
			sb_add(out, s, 1);
			continue;
		}
		if (++s == end)
			return false;
		if (*s >= '0' && *s <= '3' && end - s >= 3) {
			for (ch = 0, i = 0; i < 3; i++, s++) {
				if (s[0] < '0' || s[0] > '7')
					return false;
				ch = ch * 8 + (unsigned)(s[0] - '0');
			}
			byte = (char)ch;
			sb_add(out, &byte, 1);
			s--;
			continue;
		}
		for (e = esc; *e && *e != *s; e += 2)
			;
		if (!*e)
			return false;
		sb_add(out, e + 1, 1);
	}
	return s < end;
}

/*
 * "+++ b/NAME": NAME as git quotes it when it must (core.quotePath is
 * ours, but a tab, a newline, '"' and '\' are always quoted), with a tab
 * after it when it has a space (for GNU patch).
 */
static void plus_header(struct patch *p, const char *s, const char *end)
{
	struct strbuf name = { 0 };
	bool ok;

	if (end - s == 9 && !memcmp(s, "/dev/null", 9)) {
		p->cur = NULL; /* deleted: no line to find anything on */
		return;
	}
	if (s < end && *s == '"') {
		ok = unquote(s, end, &name);
	} else {
		if (end > s && end[-1] == '\t')
			end--;
		sb_add(&name, s, (size_t)(end - s));
		ok = true;
	}
	p->name.len = 0;
	if (name.len >= 2 && !memcmp(name.s, "b/", 2))
		sb_add(&p->name, name.s + 2, name.len - 2);
	else
		sb_add(&p->name, name.s ? name.s : "", name.len);
	if (!ok || name.len < 2 || memcmp(name.s, "b/", 2)) {
		p->why = "a file name it does not spell as asked";
	} else {
		p->cur = file_of(p->c, name.s + 2, name.len - 2, false);
		if (!p->cur)
			p->why =
				"a file its list of changed files does not hold";
	}
	free(name.s);
}

/* "START[,COUNT]" after @sign at *@s; COUNT is 1 when it is left out. */
static bool hunk_range(const char **s, const char *end, char sign,
		       unsigned long *start, unsigned long *count)
{
	const char *t = *s, *num;

	if (t == end || *t++ != sign)
		return false;
	for (num = t; t < end && *t >= '0' && *t <= '9'; t++)
		;
	if (!number(num, (size_t)(t - num), UINT_MAX, start))
		return false;
	*count = 1;
	if (t < end && *t == ',') {
		for (num = ++t; t < end && *t >= '0' && *t <= '9'; t++)
			;
		if (!number(num, (size_t)(t - num), UINT_MAX, count))
			return false;
	}
	*s = t;
	return true;
}

/* "@@ -A[,B] +C[,D] @@": B lines removed, D added from line C on. */
static void hunk_header(struct patch *p, const char *s, const char *end)
{
	unsigned long a, b, c, d;

	if (!hunk_range(&s, end, '-', &a, &b) || s == end || *s++ != ' ' ||
	    !hunk_range(&s, end, '+', &c, &d)) {
		p->why = "a hunk header it does not read";
		return;
	}
	p->header = false;
	p->old_left = b;
	p->new_left = d;
	p->line = c;
	/* a pure deletion: the line it was next to is what changed */
	if (!d && p->cur)
		mark(p->cur, (unsigned)c, (unsigned)c);
}

/* A line of a hunk's body, while its counts say one is due. */
static void body_line(struct patch *p, char kind)
{
	switch (kind) {
	case '+':
		if (!p->new_left-- || p->line > UINT_MAX)
			break;
		if (p->cur) {
			mark(p->cur, (unsigned)p->line, (unsigned)p->line);
			p->cur->seen++;
		}
		p->line++;
		return;
	case '-':
		if (!p->old_left--)
			break;
		return;
	case ' ': /* context, which -U0 should not give; harmless */
		if (!p->old_left-- || !p->new_left--)
			break;
		p->line++;
		return;
	case '\\': /* "\ No newline at end of file" */
		return;
	}
	p->why = "a hunk whose lines do not match its header";
}

static void diff_git(struct patch *p, const char *s, const char *end)
{
	/* "a/NAME b/NAME", ambiguous with spaces: for messages only */
	p->name.len = 0;
	sb_add(&p->name, s, (size_t)(end - s));
	p->cur = NULL;
	p->header = true;
}

static void no_newline(struct patch *p, const char *s, const char *end)
{
	(void)p;
	(void)s;
	(void)end;
}

/* What may start a line outside a hunk's body; in a file's header only. */
static const struct {
	const char *prefix;
	bool header_only;
	void (*read)(struct patch *p, const char *s, const char *end);
} patch_lines[] = {
	{ "diff --git ", false, diff_git },
	{ "@@ ", false, hunk_header },
	{ "\\", false, no_newline },
	{ "+++ ", true, plus_header },
};

static void patch_line(struct patch *p, const char *s, const char *end)
{
	size_t i, n;

	if (p->old_left || p->new_left) {
		body_line(p, s < end ? *s : '\0');
		return;
	}
	for (i = 0; i < sizeof(patch_lines) / sizeof(patch_lines[0]); i++) {
		n = strlen(patch_lines[i].prefix);
		if ((size_t)(end - s) >= n &&
		    !memcmp(s, patch_lines[i].prefix, n) &&
		    (p->header || !patch_lines[i].header_only)) {
			patch_lines[i].read(p, s + n, end);
			return;
		}
	}
	/* index, mode, rename, "--- a/" lines: a file's header says them */
	if (!p->header)
		p->why = "a line outside any hunk";
}

/* Every file the numstat counts added lines of had them all read. */
static int check_counts(const struct changed_lines *c, FILE *err)
{
	unsigned i;
	int rc = 0;

	for (i = 0; i < c->nall; i++) {
		const struct file_lines *f = c->all[i];

		if (f->added < 0 || (unsigned long)f->added == f->seen)
			continue;
		fprintf(err,
			"ordercheck: --changed-since: cannot map the changes "
			"of '%s' to its lines (git counts %ld added, its "
			"patch gave %lu), so its findings cannot be told "
			"apart\n",
			f->rel, f->added, f->seen);
		rc = -1;
	}
	return rc;
}

int changed_lines_read(struct changed_lines *c, const char *buf, size_t len,
		       FILE *err)
{
	const char *p = buf, *end = buf + len, *nl;
	struct patch pt = { .c = c };
	int rc;

	if (read_numstat(c, &p, end, err))
		return -1;
	for (; p < end && !pt.why; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		patch_line(&pt, p, nl);
	}
	if (!pt.why && (pt.old_left || pt.new_left))
		pt.why = "a hunk cut short";
	if (pt.why)
		fprintf(err,
			"ordercheck: --changed-since: cannot read git diff's "
			"patch of '%.*s': %s\n",
			(int)pt.name.len, pt.name.len ? pt.name.s : "", pt.why);
	rc = pt.why ? -1 : check_counts(c, err);
	free(pt.name.s);
	return rc;
}
