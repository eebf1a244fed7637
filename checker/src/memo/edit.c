// SPDX-License-Identifier: GPL-2.0
/*
 * An edit of the main file as the prefix memo (prefix.c) sees it: the
 * bytes that changed between the recorded text and the new one, which of
 * the recorded builds read none of them, and how what they made moves.
 *
 * A build read the main file's text in spans (its own definition's and
 * its callees', however deep). One whose spans all end before the first
 * changed byte, or all start on a line after the last changed one, made
 * what a fresh build of the new text makes: C is parsed left to right
 * and these spans are the same tokens. Those after the edit moved by the
 * same number of bytes and lines, on the same columns. Not so when the
 * edit changed code outside every function's definition (a type, a
 * global: no span holds them) or how the text after it is lexed (a
 * comment it closed early): then only what read nothing past its first
 * byte is kept (prefix.c).
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kept.h"

/*
 * Whether a line from the one holding @from to the one holding @to, or
 * the line that one continues, is a preprocessor directive. The macro
 * table finds a definition by its name, the TU's last one of it: a
 * changed #define can change what a function before it was built from.
 */
static bool directive_near(const char *t, size_t len, size_t from, size_t to)
{
	size_t i = from < len ? from : len, j;

	while (i > 0 && t[i - 1] != '\n')
		i--;
	/* a line ending in a backslash continues on the next */
	while (i >= 2 && t[i - 2] == '\\') {
		i--;
		while (i > 0 && t[i - 1] != '\n')
			i--;
	}
	for (;;) {
		for (j = i; j < len && (t[j] == ' ' || t[j] == '\t'); j++)
			;
		if (j < len && t[j] == '#')
			return true;
		while (i < len && t[i] != '\n')
			i++;
		if (i >= len || i >= to)
			return false;
		i++;
	}
}

/*
 * The lexer's state at @to, from @state at @from; @code: a byte of code
 * from @mark on (in a literal, or in code and not a blank, a comment's
 * opening or a backslash-newline).
 */
static enum lex_state lex_scan(const char *t, size_t from, size_t to,
			       enum lex_state state, size_t mark, bool *code)
{
	enum lex_state was;
	size_t i, n;

	for (i = from; i < to; i += n) {
		char c = t[i];

		was = state;
		n = lex_step(t, to, i, &state);
		if (i < mark || !n)
			continue;
		if (was == LEX_STR || was == LEX_CHR ||
		    (was == LEX_CODE && state != LEX_BLOCK &&
		     state != LEX_LINE && !(c == '\\' && n > 1) &&
		     !lex_blank(c)))
			*code = true;
	}
	return state;
}

/*
 * Whether the edit [@d, @eo) of @old, [@d, @en) of @now, holds code, and
 * whether the text after it is lexed as before (a comment it opened or
 * closed): scanned from the start of its line, where both agree.
 */
static void edit_lexed(struct memo_edit *e, const char *old, const char *now,
		       size_t d, size_t eo, size_t en)
{
	size_t line = d;
	enum lex_state at, a, b;
	bool code = false;

	while (line > 0 && old[line - 1] != '\n')
		line--;
	at = lex_scan(old, 0, line, LEX_CODE, SIZE_MAX, &code);
	a = lex_scan(old, line, eo, at, d, &code);
	b = lex_scan(now, line, en, at, d, &code);
	e->code = code;
	e->relexed = a != b;
}

static int newlines(const char *t, size_t from, size_t to)
{
	int n = 0;

	for (; from < to; from++)
		n += t[from] == '\n';
	return n;
}

void memo_edit_of(struct memo_edit *e, const char *old, size_t olen,
		  const char *now, size_t nlen)
{
	size_t n = olen < nlen ? olen : nlen, d = 0, s = 0, eo, en;

	memset(e, 0, sizeof(*e));
	while (d < n && old[d] == now[d])
		d++;
	if (d == olen && d == nlen) {
		e->same = true;
		return;
	}
	while (s < n - d && old[olen - 1 - s] == now[nlen - 1 - s])
		s++;
	eo = olen - s;
	en = nlen - s;
	if (d > UINT_MAX / 2 || olen > UINT_MAX / 2 || nlen > UINT_MAX / 2 ||
	    directive_near(old, olen, d, eo) ||
	    directive_near(now, nlen, d, en)) {
		e->directive = true;
		return;
	}
	e->from = (unsigned)d;
	e->lines = newlines(now, d, en) - newlines(old, d, eo);
	edit_lexed(e, old, now, d, eo, en);
	/*
	 * The first line wholly after the edit, in both texts: its columns
	 * did not move. The unchanged text starts one when the edit ended
	 * a line in both; else the next line of the unchanged text does.
	 */
	if (!(eo > 0 && old[eo - 1] == '\n' && en > 0 && now[en - 1] == '\n')) {
		while (eo < olen && old[eo] != '\n')
			eo++;
		if (eo < olen)
			eo++;
	}
	e->after = (unsigned)eo;
	e->delta = (long)nlen - (long)olen;
}

bool memo_edit_keeps(const struct memo_edit *e, const struct text_span *r,
		     unsigned n)
{
	unsigned i;

	if (e->same)
		return true;
	if (e->directive)
		return false;
	for (i = 0; i < n; i++)
		if (r[i].hi > e->from && r[i].lo < e->after)
			return false;
	return true;
}

unsigned memo_edit_off(const struct memo_edit *e, unsigned off)
{
	return !e->same && off >= e->after ? (unsigned)((long)off + e->delta) :
					     off;
}

static void move_span(const struct memo_edit *e, const char *main,
		      struct src_span *sp)
{
	if (sp->file != main)
		return;
	if (sp->off >= e->after) {
		sp->off = memo_edit_off(e, sp->off);
		sp->line = (unsigned)((int)sp->line + e->lines);
	}
	if (sp->end_off >= e->after) {
		sp->end_off = memo_edit_off(e, sp->end_off);
		sp->end_line = (unsigned)((int)sp->end_line + e->lines);
	}
}

void memo_edit_events(const struct memo_edit *e, const char *main,
		      const struct evlist *l)
{
	unsigned i, j;
	struct event *ev;

	evlist_for_each(l, i, ev) {
		move_span(e, main, &ev->span);
		move_span(e, main, &ev->addr_why_span);
		for (j = 0; j < ev->nlegs; j++)
			memo_edit_events(e, main, &ev->legs[j]);
	}
}

void memo_edit_function(const struct memo_edit *e, const char *main,
			struct function_ir *f)
{
	move_span(e, main, &f->span);
	memo_edit_events(e, main, &f->body);
}

void memo_edit_spans(const struct memo_edit *e, struct text_span *r, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++) {
		r[i].lo = memo_edit_off(e, r[i].lo);
		r[i].hi = memo_edit_off(e, r[i].hi);
	}
}
