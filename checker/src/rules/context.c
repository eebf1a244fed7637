// SPDX-License-Identifier: GPL-2.0
/*
 * The calls a function rule makes: findings and notes, the source text and
 * comments around an event, fix-its; all within one translation unit.
 */
#include "context.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../events/tu.h" /* the TU's file texts, for source text and fix-its */
#include "../util.h"
#include "rule.h"
#include "tu_summary.h"

/* The file the TU was made from: where its own functions are. */
static const char *main_file(const struct tu_ir *ir)
{
	unsigned i;

	for (i = 0; i < ir->nfns; i++)
		if (!ir->fns[i]->in_header)
			return ir->fns[i]->span.file;
	return NULL;
}

void rule_ctx_init(struct rule_ctx *ctx, const struct tu_ir *ir,
		   struct diag_list *out)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->ir = ir;
	ctx->out = out;
	ctx->tu = ctx->whole = tu_summary_new(ir, NULL);
	ctx->main = main_file(ir);
}

/* @a and @b are in one directory: a header private to the .c file */
static bool same_dir(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	size_t la = sa ? (size_t)(sa - a) : 0, lb = sb ? (size_t)(sb - b) : 0;

	return la == lb && !strncmp(a, b, la);
}

void rule_ctx_enter(struct rule_ctx *ctx, const struct function_ir *fn)
{
	struct header_summary *h;
	unsigned i;

	ctx->tu = ctx->whole;
	if (!fn->in_header || !fn->span.file)
		return;
	/* kernel/rcu/tree_stall.h is tree.c's own: its TU is its context */
	if (ctx->main && same_dir(ctx->main, fn->span.file))
		return;
	for (i = 0; i < ctx->nheaders; i++)
		if (ctx->headers[i].file == fn->span.file) {
			ctx->tu = ctx->headers[i].s;
			return;
		}
	ctx->headers = xrealloc(ctx->headers,
				(ctx->nheaders + 1) * sizeof(*ctx->headers));
	h = &ctx->headers[ctx->nheaders++];
	h->file = fn->span.file;
	h->s = tu_summary_new(ctx->ir, fn->span.file);
	ctx->tu = h->s;
}

void rule_ctx_fini(struct rule_ctx *ctx)
{
	unsigned i;

	for (i = 0; i < ctx->nheaders; i++)
		tu_summary_free(ctx->headers[i].s);
	free(ctx->headers);
	tu_summary_free(ctx->whole);
	ctx->tu = ctx->whole = NULL;
	ctx->headers = NULL;
	ctx->nheaders = 0;
}

struct oc_diag *rule_vreport(struct diag_list *out, const struct rule *self,
			     const char *file, unsigned line, unsigned col,
			     const char *function, const char *fmt, va_list ap)
{
	char *msg = xvasprintf(fmt, ap);
	struct oc_diag *d = diag_add(out, self->id, self->sev, file, line, col,
				     function, msg);

	d->fix_safe = self->fix == FIX_SAFE;
	free(msg);
	return d;
}

void rule_vnote(struct oc_diag *d, const char *file, unsigned line,
		unsigned col, const char *fmt, va_list ap)
{
	char *msg = xvasprintf(fmt, ap);

	diag_add_note(d, file, line, col, msg);
	free(msg);
}

struct oc_diag *rule_report(struct rule_ctx *ctx, const struct rule *self,
			    const struct function_ir *fn,
			    const struct event *at, const char *fmt, ...)
{
	va_list ap;
	struct oc_diag *d;

	va_start(ap, fmt);
	d = rule_vreport(ctx->out, self, at->span.file, at->span.line,
			 at->span.col, fn->name, fmt, ap);
	va_end(ap);
	return d;
}

void rule_note(struct oc_diag *d, const struct event *at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rule_vnote(d, at->span.file, at->span.line, at->span.col, fmt, ap);
	va_end(ap);
}

static const char *contents(struct rule_ctx *ctx, const char *display,
			    size_t *len)
{
	return events_file_text(ctx->ir, display, len);
}

const char *rule_source_text(struct rule_ctx *ctx, const struct event *e,
			     char *buf, size_t n)
{
	size_t len, i, k = 0;
	const char *t = contents(ctx, e->span.file, &len);

	if (!t || e->span.end_off > len || e->span.end_off <= e->span.off || !n)
		return NULL;
	/* whitespace runs fold to one space, as the user reads it */
	for (i = e->span.off; i < e->span.end_off && k + 1 < n; i++) {
		char c = t[i] == '\n' || t[i] == '\t' ? ' ' : t[i];

		if (c == ' ' && k && buf[k - 1] == ' ')
			continue;
		buf[k++] = c;
	}
	buf[k] = '\0';
	return buf;
}

void rule_note_span(struct oc_diag *d, const struct src_span *at,
		    const char *fmt, ...)
{
	va_list ap;

	if (!at->file)
		return;
	va_start(ap, fmt);
	rule_vnote(d, at->file, at->line, at->col, fmt, ap);
	va_end(ap);
}

static bool has_word(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w), i;

	for (i = 0; i + k <= n; i++)
		if (!strncasecmp(s + i, w, k))
			return true;
	return false;
}

/*
 * The comment text in buf[start, end): after //, between slash-star and
 * star-slash, and on the lines of a block comment that begin with '*'.
 */
static bool comments_mention(const char *buf, size_t start, size_t end,
			     const char *const *words, unsigned nwords)
{
	size_t i = start, ls, j;
	unsigned w;

	while (i < end) {
		const char *c = NULL;
		size_t le = i;

		while (le < end && buf[le] != '\n')
			le++;
		for (ls = i; ls < le && (buf[ls] == ' ' || buf[ls] == '\t');
		     ls++)
			;
		if (ls < le && buf[ls] == '*')
			c = buf + ls;
		for (j = i; !c && j + 1 < le; j++)
			if (buf[j] == '/' &&
			    (buf[j + 1] == '/' || buf[j + 1] == '*'))
				c = buf + j;
		for (w = 0; c && w < nwords; w++)
			if (has_word(c, (size_t)(buf + le - c), words[w]))
				return true;
		i = le + 1;
	}
	return false;
}

bool rule_comment_mentions(struct rule_ctx *ctx, const struct event *at,
			   unsigned above, const char *const *words,
			   unsigned nwords)
{
	size_t len, start, end;
	const char *buf = contents(ctx, at->span.file, &len);
	unsigned n = 0;

	if (!buf || at->span.off > len)
		return false;
	start = at->span.off;
	while (start > 0 && !(buf[start - 1] == '\n' && n++ == above))
		start--;
	for (end = at->span.off; end < len && buf[end] != '\n'; end++)
		;
	return comments_mention(buf, start, end, words, nwords);
}

static void add_fix(struct rule_ctx *ctx, struct oc_diag *d, const char *file,
		    unsigned off, unsigned end, const char *text)
{
	size_t len;
	const char *buf = contents(ctx, file, &len);
	struct oc_fix f = { .file = (char *)file,
			    .off = off,
			    .end_off = end,
			    .replacement = (char *)text };

	if (!buf || end > len || off > end)
		return;
	events_line_col(ctx->ir, file, off, &f.line, &f.col);
	events_line_col(ctx->ir, file, end, &f.end_line, &f.end_col);
	diag_add_fix(d, &f);
}

void rule_fix_replace(struct rule_ctx *ctx, struct oc_diag *d,
		      const struct event *ev, const char *text)
{
	add_fix(ctx, d, ev->span.file, ev->span.off, ev->span.end_off, text);
}

/* Past blanks and one comment that ends on this line, from @i. */
static unsigned skip_trailing_comment(const char *buf, size_t len, unsigned i)
{
	unsigned j;

	while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	if (i + 1 < len && buf[i] == '/' && buf[i + 1] == '/') {
		while (i < len && buf[i] != '\n')
			i++;
		return i;
	}
	if (i + 1 < len && buf[i] == '/' && buf[i + 1] == '*') {
		for (j = i + 2; j + 1 < len && buf[j] != '\n'; j++)
			if (buf[j] == '*' && buf[j + 1] == '/')
				break;
		if (j + 1 < len && buf[j] == '*') {
			i = j + 2;
			while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
				i++;
		}
	}
	return i;
}

void rule_fix_remove_stmt(struct rule_ctx *ctx, struct oc_diag *d,
			  const struct event *ev)
{
	size_t len;
	const char *buf = contents(ctx, ev->span.file, &len);
	unsigned start = ev->span.off, end = ev->span.end_off, ls, le;

	if (!buf || end > len)
		return;
	while (end < len && (buf[end] == ' ' || buf[end] == '\t'))
		end++;
	if (end < len && buf[end] == ';')
		end++;
	/*
	 * A statement alone on its line takes the line with it, and with the
	 * line its trailing comment, which was about the removed statement.
	 */
	for (ls = start; ls > 0 && (buf[ls - 1] == ' ' || buf[ls - 1] == '\t');)
		ls--;
	le = skip_trailing_comment(buf, len, end);
	if ((ls == 0 || buf[ls - 1] == '\n') &&
	    (le == len || buf[le] == '\n')) {
		start = ls;
		end = le < len ? le + 1 : le;
	}
	add_fix(ctx, d, ev->span.file, start, end, "");
}
