// SPDX-License-Identifier: GPL-2.0
/* One translation unit: build its events, run the rules, collect findings. */
#include "analyze.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rules/registry.h"
#include "util.h"

struct rule_ctx {
	CXTranslationUnit tu;
	const struct tu_ir *ir;
	struct diag_list *out;
};

struct oc_diag *rule_report(struct rule_ctx *ctx, const struct rule *self,
			    const struct function_ir *fn, const struct event *at,
			    const char *fmt, ...)
{
	va_list ap;
	char *msg;
	struct oc_diag *d;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	d = diag_add(ctx->out, self->id, self->sev, at->span.file, at->span.line,
		     at->span.col, fn->name, msg);
	d->fix_safe = self->fix == FIX_SAFE;
	free(msg);
	return d;
}

void rule_note(struct oc_diag *d, const struct event *at, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	diag_add_note(d, at->span.file, at->span.line, at->span.col, msg);
	free(msg);
}

static const char *contents(struct rule_ctx *ctx, const char *display,
			    size_t *len)
{
	return events_file_text(ctx->ir, display, len);
}

/* 1-based line and column of byte @off. */
static void line_col(const char *buf, unsigned off, unsigned *line,
		     unsigned *col)
{
	unsigned i, l = 1, c = 1;

	for (i = 0; i < off; i++) {
		if (buf[i] == '\n') {
			l++;
			c = 1;
		} else {
			c++;
		}
	}
	*line = l;
	*col = c;
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
	line_col(buf, off, &f.line, &f.col);
	line_col(buf, end, &f.end_line, &f.end_col);
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
	if ((ls == 0 || buf[ls - 1] == '\n') && (le == len || buf[le] == '\n')) {
		start = ls;
		end = le < len ? le + 1 : le;
	}
	add_fix(ctx, d, ev->span.file, start, end, "");
}

int analyze_tu(CXTranslationUnit tu, const struct analyze_opts *opts,
	       struct diag_list *out)
{
	struct tu_ir ir;
	struct rule_ctx ctx = { tu, &ir, out };
	unsigned i;
	int rc = events_build_tu(tu, &opts->build, &ir);

	if (rc)
		return rc;
	for (i = 0; i < ir.nfns; i++) {
		if (opts->dump_ir)
			events_dump(opts->dump_ir, ir.fns[i]);
		registry_run(&ctx, ir.fns[i]);
	}
	events_free_tu(&ir);
	return 0;
}
