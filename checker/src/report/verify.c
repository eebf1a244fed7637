// SPDX-License-Identifier: GPL-2.0
/*
 * --verify: expectations written on the lines they are about, as clang's
 * -verify does. The words, anywhere in a line (in practice a comment):
 *
 *   expect-warning[rule-id] {{substring}}   a warning on this line
 *   expect-error, expect-remark             an error; a remark (a finding of
 *                                           the lowest severity)
 *   expect-note[rule-id] {{substring}}      a note of a finding of the rule
 *   @+N / @-N after the word                on the line N below / above
 *   expect-no-diagnostics                   none at all in this file
 *   expect-known-to-fail: reason            after an expectation on its
 *                                           line: that one is not met yet
 *   expect-notes-unchecked: reason          notes in this file need no
 *                                           expect-note
 *
 * Every finding and every note located in a file of the case must be met
 * by an expectation written in that same file, and every expectation must
 * be met. The files of the case are the files named on the command line
 * and, as for clang, the headers they include: those an `#include "..."`
 * names relative to the including file's folder, followed from header to
 * header. A header that only the compiler's -I path finds is not one, nor
 * is a file that no named file includes (a partner stored by another run).
 *
 * A note that no expect-note names fails as a finding would; a file whose
 * notes are not worth spelling out (many, and said by another test) opts
 * out with expect-notes-unchecked and its reason. Its expect-note lines
 * are still held to being met.
 *
 * expect-known-to-fail marks the one expectation written before it on the
 * same line (written with @+N where the comment cannot share the line),
 * never the file: an unmet one is counted, not failed, and one that is met
 * is reported FIXED, as git's test_expect_failure does. A reason runs to
 * the end of its line.
 */
#include "report.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

struct expect {
	unsigned line, src_line;
	enum oc_severity sev;
	bool note;
	char *rule; /* NULL: any */
	char *text;
	char *known_to_fail; /* why it is not met yet, or NULL */
	bool met;
};

/* A file of the case: one named on the command line, or a header. */
struct vfile {
	char *shown; /* path_display(): the name findings are compared by */
	char *name; /* as printed: as given on the command line, else shown */
	bool named;
	struct expect *v;
	unsigned n;
	bool none; /* expect-no-diagnostics */
	char *notes_unchecked; /* expect-notes-unchecked: why, or NULL */
	char **incs; /* what its #include "..." lines name */
	unsigned nincs;
	unsigned failures, seen, notes, known;
};

struct vset {
	struct vfile *v;
	unsigned n;
	const char *base;
	FILE *out;
};

enum word_kind { W_EXPECT, W_NONE, W_KNOWN, W_NOTES_UNCHECKED };

/*
 * Where two words start at the same place the longer wins
 * (expect-notes-unchecked over expect-note).
 */
static const struct {
	const char *word;
	enum word_kind kind;
	enum oc_severity sev;
	bool note;
} words[] = {
	{ "expect-warning", W_EXPECT, SEV_WARNING, false },
	{ "expect-error", W_EXPECT, SEV_ERROR, false },
	{ "expect-note", W_EXPECT, SEV_NOTE, true },
	{ "expect-remark", W_EXPECT, SEV_NOTE, false },
	{ "expect-no-diagnostics", W_NONE, SEV_NOTE, false },
	{ "expect-known-to-fail", W_KNOWN, SEV_NOTE, false },
	{ "expect-notes-unchecked", W_NOTES_UNCHECKED, SEV_NOTE, false },
};

#define NWORDS (sizeof(words) / sizeof(words[0]))

/* Parse "[rule]", "@+N" in any order after the keyword, then "{{text}}". */
static const char *parse_one(const char *p, unsigned line, struct expect *e)
{
	const char *q;

	e->line = line;
	e->src_line = line;
	for (;;) {
		if (*p == '[') {
			q = strchr(p, ']');
			if (!q)
				return NULL;
			e->rule = xstrndup(p + 1, (size_t)(q - p - 1));
			p = q + 1;
		} else if (*p == '@') {
			long off = strtol(p + 1, (char **)&q, 10);

			e->line = (unsigned)((long)line + off);
			p = q;
		} else {
			break;
		}
	}
	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, "{{", 2))
		return NULL;
	q = strstr(p + 2, "}}");
	if (!q)
		return NULL;
	e->text = xstrndup(p + 2, (size_t)(q - p - 2));
	return q + 2;
}

/* ": reason" to the end of the line, less a comment's closing; NULL: none */
static char *reason(const char *p)
{
	const char *e;

	if (*p != ':')
		return NULL;
	for (p++; *p == ' ' || *p == '\t'; p++)
		;
	e = p + strlen(p);
	if (e - p >= 2 && !strcmp(e - 2, "*/"))
		e -= 2;
	while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	return e > p ? xstrndup(p, (size_t)(e - p)) : NULL;
}

/* The word starting first in @s, the longest of those starting there. */
static const char *next_word(const char *s, unsigned *kind)
{
	const char *best = NULL, *k;
	unsigned i;

	for (i = 0; i < NWORDS; i++) {
		k = strstr(s, words[i].word);
		if (k && (!best || k < best ||
			  (k == best && strlen(words[i].word) >
						strlen(words[*kind].word)))) {
			best = k;
			*kind = i;
		}
	}
	return best;
}

/* The name an `#include "name"` line names, or NULL. */
static char *include_of(const char *l)
{
	const char *q;

	while (*l == ' ' || *l == '\t')
		l++;
	if (*l++ != '#')
		return NULL;
	while (*l == ' ' || *l == '\t')
		l++;
	if (strncmp(l, "include", 7))
		return NULL;
	for (l += 7; *l == ' ' || *l == '\t'; l++)
		;
	if (*l != '"' || !(q = strchr(l + 1, '"')) || q == l + 1)
		return NULL;
	return xstrndup(l + 1, (size_t)(q - l - 1));
}

static void bad_line(struct vset *s, struct vfile *f, unsigned line,
		     const char *why)
{
	fprintf(s->out, "%s:%u: error: %s\n", f->name, line, why);
	f->failures++;
}

/* One line of @f: its expectations, its other words, its #include. */
static void parse_line(struct vset *s, struct vfile *f, const char *l,
		       unsigned line)
{
	const char *p = l, *k;
	unsigned kind = 0, first = f->n;
	char *why, *inc;

	if ((inc = include_of(l))) {
		f->incs = xrealloc(f->incs, (f->nincs + 1) * sizeof(*f->incs));
		f->incs[f->nincs++] = inc;
	}
	while ((k = next_word(p, &kind))) {
		p = k + strlen(words[kind].word);
		switch (words[kind].kind) {
		case W_NONE:
			f->none = true;
			continue;
		case W_KNOWN:
			/* it marks the expectation it follows, never the file */
			if (f->n == first)
				bad_line(s, f, line,
					 "expect-known-to-fail follows no "
					 "expectation on its line");
			else if (!(why = reason(p)))
				bad_line(s, f, line,
					 "expect-known-to-fail needs a reason "
					 "(expect-known-to-fail: why)");
			else
				f->v[f->n - 1].known_to_fail = why;
			return;
		case W_NOTES_UNCHECKED:
			if (!(why = reason(p))) {
				bad_line(
					s, f, line,
					"expect-notes-unchecked needs a reason "
					"(expect-notes-unchecked: why)");
			} else {
				free(f->notes_unchecked);
				f->notes_unchecked = why;
			}
			return;
		case W_EXPECT:
			break;
		}
		f->v = xrealloc(f->v, (f->n + 1) * sizeof(*f->v));
		memset(&f->v[f->n], 0, sizeof(f->v[0]));
		f->v[f->n].sev = words[kind].sev;
		f->v[f->n].note = words[kind].note;
		p = parse_one(p, line, &f->v[f->n]);
		if (!p) {
			fprintf(s->out,
				"%s:%u: error: malformed expectation (want "
				"%s[rule] {{text}})\n",
				f->name, line, words[kind].word);
			f->failures++;
			free(f->v[f->n].rule);
			return;
		}
		f->n++;
	}
}

static void parse(struct vset *s, struct vfile *f, const char *buf)
{
	unsigned line = 1;
	const char *p = buf, *eol;
	char *l;

	while (*p) {
		eol = strchr(p, '\n');
		if (!eol)
			eol = p + strlen(p);
		l = xstrndup(p, (size_t)(eol - p));
		parse_line(s, f, l, line);
		free(l);
		line++;
		p = *eol ? eol + 1 : eol;
	}
}

static int find(const struct vset *s, const char *shown)
{
	unsigned i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->v[i].shown, shown))
			return (int)i;
	return -1;
}

/*
 * Add @path (as given: relative to the current directory) to the case,
 * once. A named file that cannot be read is an error (-2); a header that
 * cannot be read is not one of the case (-1): the compiler found it
 * elsewhere on its include path.
 */
static int add_file(struct vset *s, const char *path, bool named)
{
	char *shown = path_display(s->base, path), *buf;
	struct vfile *f;
	int i = find(s, shown);

	if (i >= 0) {
		free(shown);
		s->v[i].named |= named;
		return i;
	}
	buf = read_file(path, NULL);
	if (!buf) {
		if (named)
			fprintf(s->out,
				"%s: error: cannot read the test file\n", path);
		free(shown);
		return named ? -2 : -1;
	}
	s->v = xrealloc(s->v, (s->n + 1) * sizeof(*s->v));
	f = &s->v[s->n];
	memset(f, 0, sizeof(*f));
	f->shown = shown;
	f->name = xstrdup(named ? path : shown);
	f->named = named;
	parse(s, f, buf);
	free(buf);
	return (int)s->n++;
}

/* The headers file @i includes, relative to its folder, and theirs. */
static void add_includes(struct vset *s, unsigned i)
{
	unsigned j;

	for (j = 0; j < s->v[i].nincs; j++) {
		const char *inc = s->v[i].incs[j], *name = s->v[i].name;
		const char *slash = strrchr(name, '/');
		char *path = inc[0] == '/' || !slash ?
				     xstrdup(inc) :
				     xasprintf("%.*s/%s", (int)(slash - name),
					       name, inc);

		add_file(s, path, false);
		free(path);
	}
}

/* The file of the case @path is in, or NULL: none of the case's. */
static struct vfile *file_of(struct vset *s, const char *path)
{
	char *shown = path_display(s->base, path);
	int i = find(s, shown);

	free(shown);
	return i < 0 ? NULL : &s->v[i];
}

static bool matches(const struct expect *e, const char *rule,
		    enum oc_severity sev, unsigned line, const char *msg)
{
	if (e->met || e->line != line || e->sev != sev)
		return false;
	if (e->rule && (!rule || strcmp(e->rule, rule)))
		return false;
	return strstr(msg, e->text) != NULL;
}

/* Meet the first unmet expectation of @f that takes this; false if none. */
static bool meet(struct vfile *f, bool note, const char *rule,
		 enum oc_severity sev, unsigned line, const char *msg)
{
	unsigned k;

	for (k = 0; k < f->n; k++)
		if (f->v[k].note == note &&
		    matches(&f->v[k], rule, sev, line, msg)) {
			f->v[k].met = true;
			return true;
		}
	return false;
}

/* A finding of @f: met, or unexpected. */
static void finding(struct vset *s, struct vfile *f, const struct oc_diag *d)
{
	f->seen++;
	if (meet(f, false, d->rule, d->sev, d->line, d->message))
		return;
	fprintf(s->out, "%s:%u:%u: error: unexpected %s: %s%s%s%s\n", f->name,
		d->line, d->col, diag_severity_name(d->sev), d->message,
		d->rule ? " [" : "", d->rule ? d->rule : "",
		d->rule ? "]" : "");
	f->failures++;
}

/* A note in @f, of finding @d (which may be in another file). */
static void note(struct vset *s, struct vfile *f, const struct oc_diag *d,
		 const struct oc_note *n)
{
	char *at;

	f->notes++;
	if (meet(f, true, d->rule, SEV_NOTE, n->line, n->message) ||
	    f->notes_unchecked)
		return;
	at = path_display(s->base, d->file);
	fprintf(s->out,
		"%s:%u:%u: error: unexpected note: %s (of the %s%s%s%s at "
		"%s:%u)\n",
		f->name, n->line, n->col, n->message,
		diag_severity_name(d->sev), d->rule ? " [" : "",
		d->rule ? d->rule : "", d->rule ? "]" : "", at, d->line);
	free(at);
	f->failures++;
}

/* A note without a place of its own is its finding's. */
static const char *note_file(const struct oc_diag *d, const struct oc_note *n)
{
	return n->file[0] ? n->file : d->file;
}

/* Compare the findings and notes located in @f with its expectations. */
static void compare(struct vset *s, struct vfile *f, const struct diag_list *l)
{
	const struct oc_diag *d;
	unsigned i, j;

	for (i = 0; i < l->n; i++) {
		d = &l->v[i];
		if (file_of(s, d->file) == f)
			finding(s, f, d);
		for (j = 0; j < d->nnotes; j++)
			if (file_of(s, note_file(d, &d->notes[j])) == f)
				note(s, f, d, &d->notes[j]);
	}
}

static void print_what(FILE *out, const struct expect *e)
{
	fprintf(out, "expected %s%s%s%s {{%s}}",
		e->note ? "note" : diag_severity_name(e->sev),
		e->rule ? "[" : "", e->rule ? e->rule : "", e->rule ? "]" : "",
		e->text);
	if (e->line != e->src_line)
		fprintf(out, " (written on line %u)", e->src_line);
}

/* The expectations of @f that nothing met, and the known ones met. */
static void unmet(FILE *out, struct vfile *f)
{
	const struct expect *e;
	unsigned k;

	for (k = 0; k < f->n; k++) {
		e = &f->v[k];
		if (e->met && !e->known_to_fail)
			continue;
		fprintf(out, "%s:%u: ", f->name, e->line);
		if (e->met) {
			fputs("FIXED: ", out);
			print_what(out, e);
			fprintf(out, " seen; was known to fail: %s\n",
				e->known_to_fail);
		} else if (e->known_to_fail) {
			fputs("known to fail: ", out);
			print_what(out, e);
			fprintf(out, " not seen: %s\n", e->known_to_fail);
			f->known++;
		} else {
			fputs("error: ", out);
			print_what(out, e);
			fputs(" not seen\n", out);
			f->failures++;
		}
	}
}

static void summary(FILE *out, struct vfile *f)
{
	/* as clang's: a file that expects something expects a diagnostic */
	if (f->none && f->n) {
		fprintf(out,
			"%s: error: expect-no-diagnostics, but the file "
			"has expectations\n",
			f->name);
		f->failures++;
	}
	if (f->named && !f->n && !f->none) {
		fprintf(out,
			"%s: error: no expectations; add "
			"expect-no-diagnostics if none are wanted\n",
			f->name);
		f->failures++;
	}
	/* a header says something only when there is something to say */
	if (!f->named && !f->n && !f->seen && !f->notes && !f->failures)
		return;
	fprintf(out, "%s: %s (%u expectations, %u diagnostics, %u notes",
		f->name, f->failures ? "FAIL" : "ok", f->n, f->seen, f->notes);
	if (f->known)
		fprintf(out, ", %u known to fail", f->known);
	if (f->notes_unchecked)
		fprintf(out, ", notes unchecked: %s", f->notes_unchecked);
	fputs(")\n", out);
}

static void vfile_free(struct vfile *f)
{
	unsigned k;

	for (k = 0; k < f->n; k++) {
		free(f->v[k].rule);
		free(f->v[k].text);
		free(f->v[k].known_to_fail);
	}
	for (k = 0; k < f->nincs; k++)
		free(f->incs[k]);
	free(f->incs);
	free(f->v);
	free(f->notes_unchecked);
	free(f->shown);
	free(f->name);
}

int report_verify(FILE *out, const char *base, char *const *files,
		  unsigned nfiles, const struct diag_list *l)
{
	struct vset s = { .base = base, .out = out };
	unsigned i, failures = 0;
	int rc = 0;

	for (i = 0; i < nfiles; i++)
		if (add_file(&s, files[i], true) == -2)
			rc = 2;
	/* s.n grows as headers are found: each is read once */
	for (i = 0; i < s.n; i++)
		add_includes(&s, i);
	for (i = 0; i < s.n; i++) {
		compare(&s, &s.v[i], l);
		unmet(out, &s.v[i]);
		summary(out, &s.v[i]);
		failures += s.v[i].failures;
	}
	for (i = 0; i < s.n; i++)
		vfile_free(&s.v[i]);
	free(s.v);
	return rc ? rc : failures ? 1 : 0;
}
