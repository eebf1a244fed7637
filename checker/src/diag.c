// SPDX-License-Identifier: GPL-2.0
/* Diagnostic records: building, sorting, and the worker wire format. */
#include "diag.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

struct oc_diag *diag_add(struct diag_list *l, const char *rule,
			 enum oc_severity sev, const char *file, unsigned line,
			 unsigned col, const char *function,
			 const char *message)
{
	struct oc_diag *d;

	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 16;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	d = &l->v[l->n++];
	memset(d, 0, sizeof(*d));
	d->rule = rule ? xstrdup(rule) : NULL;
	d->sev = sev;
	d->file = xstrdup(file ? file : "");
	d->line = line;
	d->col = col;
	d->function = xstrdup(function ? function : "");
	d->message = xstrdup(message);
	return d;
}

void diag_add_note(struct oc_diag *d, const char *file, unsigned line,
		   unsigned col, const char *message)
{
	struct oc_note *n;

	d->notes = xrealloc(d->notes, (d->nnotes + 1) * sizeof(*d->notes));
	n = &d->notes[d->nnotes++];
	n->file = xstrdup(file ? file : "");
	n->line = line;
	n->col = col;
	n->message = xstrdup(message);
}

void diag_add_fix(struct oc_diag *d, const struct oc_fix *fix)
{
	struct oc_fix *f;

	d->fixes = xrealloc(d->fixes, (d->nfixes + 1) * sizeof(*d->fixes));
	f = &d->fixes[d->nfixes++];
	*f = *fix;
	f->file = xstrdup(fix->file);
	f->replacement = xstrdup(fix->replacement);
}

static void threads_free(struct oc_threads *t)
{
	unsigned i, j;

	free(t->shape);
	for (i = 0; i < 2; i++) {
		free(t->t[i].function);
		free(t->t[i].order);
		free(t->t[i].order_file);
		for (j = 0; j < 2; j++) {
			free(t->t[i].a[j].file);
			free(t->t[i].a[j].op);
			free(t->t[i].a[j].text);
		}
	}
	free(t);
}

static char *dup0(const char *s)
{
	return xstrdup(s ? s : "");
}

void diag_set_threads(struct oc_diag *d, const struct oc_threads *t)
{
	struct oc_threads *c = xcalloc(1, sizeof(*c));
	unsigned i, j;

	c->shape = dup0(t->shape);
	for (i = 0; i < 2; i++) {
		struct oc_thread *o = &c->t[i];
		const struct oc_thread *s = &t->t[i];

		*o = *s;
		o->function = dup0(s->function);
		o->order = dup0(s->order);
		o->order_file = dup0(s->order_file);
		for (j = 0; j < 2; j++) {
			o->a[j].file = dup0(s->a[j].file);
			o->a[j].op = dup0(s->a[j].op);
			o->a[j].text = dup0(s->a[j].text);
		}
	}
	if (d->threads)
		threads_free(d->threads);
	d->threads = c;
}

static void diag_free(struct oc_diag *d)
{
	unsigned i;

	if (d->threads)
		threads_free(d->threads);
	free(d->rule);
	free(d->file);
	free(d->function);
	free(d->message);
	for (i = 0; i < d->nnotes; i++) {
		free(d->notes[i].file);
		free(d->notes[i].message);
	}
	free(d->notes);
	for (i = 0; i < d->nfixes; i++) {
		free(d->fixes[i].file);
		free(d->fixes[i].replacement);
	}
	free(d->fixes);
}

void diag_list_free(struct diag_list *l)
{
	unsigned i;

	for (i = 0; i < l->n; i++)
		diag_free(&l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

void diag_list_truncate(struct diag_list *l, unsigned n)
{
	while (l->n > n)
		diag_free(&l->v[--l->n]);
}

void diag_list_move(struct diag_list *dst, struct diag_list *src)
{
	unsigned i;

	for (i = 0; i < src->n; i++) {
		if (dst->n == dst->cap) {
			dst->cap = dst->cap ? dst->cap * 2 : 16;
			dst->v = xrealloc(dst->v, dst->cap * sizeof(*dst->v));
		}
		dst->v[dst->n++] = src->v[i];
	}
	free(src->v);
	memset(src, 0, sizeof(*src));
}

static int strcmp0(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

static int diag_cmp(const void *pa, const void *pb)
{
	const struct oc_diag *a = pa, *b = pb;
	int r;

	if ((r = strcmp(a->file, b->file)))
		return r;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	if ((r = strcmp0(a->rule, b->rule)))
		return r;
	return strcmp(a->message, b->message);
}

void diag_list_sort_unique(struct diag_list *l)
{
	unsigned i, out = 0;

	if (!l->n)
		return;
	qsort(l->v, l->n, sizeof(*l->v), diag_cmp);
	for (i = 0; i < l->n; i++) {
		if (out && !diag_cmp(&l->v[out - 1], &l->v[i])) {
			diag_free(&l->v[i]);
			continue;
		}
		l->v[out++] = l->v[i];
	}
	l->n = out;
}

void diag_list_filter(struct diag_list *l,
		      bool (*keep)(const struct oc_diag *d, void *arg),
		      void *arg)
{
	diag_list_filter_from(l, 0, keep, arg);
}

void diag_list_filter_from(struct diag_list *l, unsigned from,
			   bool (*keep)(const struct oc_diag *d, void *arg),
			   void *arg)
{
	unsigned i, n = from;

	for (i = from; i < l->n; i++) {
		if (keep(&l->v[i], arg))
			l->v[n++] = l->v[i];
		else
			diag_free(&l->v[i]);
	}
	l->n = n;
}

unsigned diag_count_findings(const struct diag_list *l)
{
	unsigned i, n = 0;

	for (i = 0; i < l->n; i++)
		n += l->v[i].rule != NULL;
	return n;
}

const char *diag_severity_name(enum oc_severity sev)
{
	/* a finding of the lowest severity is a remark, as in clang: "note"
	 * is what hangs off a finding */
	static const char *const names[] = { "remark", "warning", "error" };

	return names[sev];
}

/* Tabs, newlines and backslashes are escaped so a record stays one line. */
static void put_field(FILE *out, const char *s)
{
	fputc('\t', out);
	for (; s && *s; s++) {
		if (*s == '\t')
			fputs("\\t", out);
		else if (*s == '\n')
			fputs("\\n", out);
		else if (*s == '\\')
			fputs("\\\\", out);
		else
			fputc(*s, out);
	}
}

static void put_uint(FILE *out, unsigned v)
{
	fprintf(out, "\t%u", v);
}

/* "T", the shape, then per thread: function, order, its place, ord, accesses. */
static void put_threads(FILE *out, const struct oc_threads *t)
{
	unsigned i, j;

	fputs("T", out);
	put_field(out, t->shape);
	for (i = 0; i < 2; i++) {
		const struct oc_thread *th = &t->t[i];

		put_field(out, th->function);
		put_field(out, th->order);
		put_field(out, th->order_file);
		put_uint(out, th->order_line);
		put_uint(out, th->order_col);
		put_uint(out, th->ord);
		for (j = 0; j < 2; j++) {
			put_field(out, th->a[j].file);
			put_uint(out, th->a[j].line);
			put_uint(out, th->a[j].col);
			put_field(out, th->a[j].op);
			put_field(out, th->a[j].text);
		}
	}
	fputc('\n', out);
}

void diag_write_records(FILE *out, const struct diag_list *l)
{
	unsigned i, j;

	for (i = 0; i < l->n; i++) {
		const struct oc_diag *d = &l->v[i];

		fputs("D", out);
		put_field(out, d->rule ? d->rule : "");
		put_uint(out, d->sev);
		put_field(out, d->file);
		put_uint(out, d->line);
		put_uint(out, d->col);
		put_field(out, d->function);
		put_field(out, d->message);
		put_uint(out, d->fix_safe);
		fputc('\n', out);
		for (j = 0; j < d->nnotes; j++) {
			fputs("N", out);
			put_field(out, d->notes[j].file);
			put_uint(out, d->notes[j].line);
			put_uint(out, d->notes[j].col);
			put_field(out, d->notes[j].message);
			fputc('\n', out);
		}
		for (j = 0; j < d->nfixes; j++) {
			const struct oc_fix *f = &d->fixes[j];

			fputs("F", out);
			put_field(out, f->file);
			put_uint(out, f->line);
			put_uint(out, f->col);
			put_uint(out, f->end_line);
			put_uint(out, f->end_col);
			put_uint(out, f->off);
			put_uint(out, f->end_off);
			put_field(out, f->replacement);
			fputc('\n', out);
		}
		if (d->threads)
			put_threads(out, d->threads);
	}
}

static void unescape(char *s)
{
	char *w = s;

	for (; *s; s++) {
		if (*s == '\\' && s[1]) {
			s++;
			*w++ = *s == 't' ? '\t' : *s == 'n' ? '\n' : *s;
		} else {
			*w++ = *s;
		}
	}
	*w = '\0';
}

/*
 * Split @line (which starts with a tab) into fields in place. Field text
 * never holds a literal tab, so every tab is a separator.
 */
static unsigned split_fields(char *line, char **fields, unsigned max)
{
	unsigned n = 0;

	while (*line == '\t' && n < max) {
		*line++ = '\0';
		fields[n++] = line;
		line += strcspn(line, "\t");
	}
	if (*line)
		return max + 1;
	for (unsigned i = 0; i < n; i++)
		unescape(fields[i]);
	return n;
}

static unsigned to_uint(const char *s)
{
	return (unsigned)strtoul(s, NULL, 10);
}

enum { THREAD_FIELDS = 16, THREADS_FIELDS = 1 + 2 * THREAD_FIELDS };

static void read_threads(struct oc_diag *d, char **f)
{
	struct oc_threads t;
	unsigned i, j;

	memset(&t, 0, sizeof(t));
	t.shape = f[0];
	for (i = 0; i < 2; i++) {
		char **g = f + 1 + i * THREAD_FIELDS;
		struct oc_thread *th = &t.t[i];

		th->function = g[0];
		th->order = g[1];
		th->order_file = g[2];
		th->order_line = to_uint(g[3]);
		th->order_col = to_uint(g[4]);
		th->ord = to_uint(g[5]);
		for (j = 0; j < 2; j++) {
			char **h = g + 6 + 5 * j;

			th->a[j].file = h[0];
			th->a[j].line = to_uint(h[1]);
			th->a[j].col = to_uint(h[2]);
			th->a[j].op = h[3];
			th->a[j].text = h[4];
		}
	}
	diag_set_threads(d, &t);
}

int diag_read_record(struct diag_list *l, char *line)
{
	char *f[THREADS_FIELDS + 1];
	unsigned n;
	size_t len = strlen(line);

	if (len && line[len - 1] == '\n')
		line[len - 1] = '\0';
	n = split_fields(line + 1, f, THREADS_FIELDS);
	if (line[0] == 'D' && n == 8) {
		struct oc_diag *d = diag_add(
			l, *f[0] ? f[0] : NULL, (enum oc_severity)to_uint(f[1]),
			f[2], to_uint(f[3]), to_uint(f[4]), f[5], f[6]);
		d->fix_safe = to_uint(f[7]);
		return 0;
	}
	if (!l->n)
		return -1;
	if (line[0] == 'N' && n == 4) {
		diag_add_note(&l->v[l->n - 1], f[0], to_uint(f[1]),
			      to_uint(f[2]), f[3]);
		return 0;
	}
	if (line[0] == 'F' && n == 8) {
		struct oc_fix fx = {
			.file = f[0],
			.line = to_uint(f[1]),
			.col = to_uint(f[2]),
			.end_line = to_uint(f[3]),
			.end_col = to_uint(f[4]),
			.off = to_uint(f[5]),
			.end_off = to_uint(f[6]),
			.replacement = f[7],
		};
		diag_add_fix(&l->v[l->n - 1], &fx);
		return 0;
	}
	if (line[0] == 'T' && n == THREADS_FIELDS) {
		read_threads(&l->v[l->n - 1], f);
		return 0;
	}
	return -1;
}
