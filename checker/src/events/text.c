// SPDX-License-Identifier: GPL-2.0
/*
 * Source text: the files of a TU read once, as positions, spans and the
 * text written there.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../filetext.h"
#include "builder.h"

struct ir_file *text_file(struct builder *b, CXFile f)
{
	unsigned i;
	struct ir_file *fi;
	CXString s;
	char *p;

	if (b->nfiles * 2 >= b->fhash_cap) {
		unsigned cap = b->fhash_cap ? b->fhash_cap * 2 : 256;

		free(b->fhash);
		b->fhash = xcalloc(cap, sizeof(*b->fhash));
		b->fhash_cap = cap;
		for (i = 0; i < b->nfiles; i++) {
			unsigned h = hash_ptr(b->files[i]->file, cap);

			while (b->fhash[h])
				h = (h + 1) & (cap - 1);
			b->fhash[h] = b->files[i];
		}
	}
	for (i = hash_ptr(f, b->fhash_cap); b->fhash[i];
	     i = (i + 1) & (b->fhash_cap - 1))
		if (b->fhash[i]->file == f)
			return b->fhash[i];
	fi = arena_alloc(&b->arena, sizeof(*fi));
	fi->file = f;
	s = clang_getFileName(f);
	p = path_display(b->opts->base_dir,
			 clang_getCString(s) ? clang_getCString(s) : "");
	clang_disposeString(s);
	/* one copy for the builds of a prefix memo: spans compare them */
	fi->display = b->hooks && b->hooks->intern ?
			      b->hooks->intern(b->hooks_ctx, p) :
			      arena_strdup(&b->arena, p);
	free(p);
	fi->buf = filetext_of(b->tu, f, &fi->len);
	b->fhash[i] = fi;
	b->files = xrealloc(b->files, (b->nfiles + 1) * sizeof(*b->files));
	b->files[b->nfiles++] = fi;
	return fi;
}

const char *text_display(struct builder *b, CXFile f)
{
	return f ? text_file(b, f)->display : "<unknown>";
}

/* 1-based line and column of byte @off of @fi, from its line index. */
static void line_col(struct ir_file *fi, unsigned off, unsigned *line,
		     unsigned *col)
{
	unsigned lo = 0, hi, i;

	if (!fi->lines && fi->buf) {
		unsigned n = 1, cap = 1024;

		fi->lines = xmalloc(cap * sizeof(unsigned));
		fi->lines[0] = 0;
		for (i = 0; i < fi->len; i++) {
			if (fi->buf[i] != '\n')
				continue;
			if (n == cap)
				fi->lines =
					xrealloc(fi->lines,
						 (cap *= 2) * sizeof(unsigned));
			fi->lines[n++] = i + 1;
		}
		fi->nlines = n;
	}
	if (!fi->lines) {
		*line = *col = 0;
		return;
	}
	hi = fi->nlines;
	while (hi - lo > 1) {
		unsigned mid = (lo + hi) / 2;

		if (fi->lines[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	*line = lo + 1;
	*col = off - fi->lines[lo] + 1;
}

struct floc text_loc(CXSourceLocation l)
{
	struct floc r;

	clang_getFileLocation(l, &r.file, &r.line, &r.col, &r.off);
	return r;
}

enum { EXT_RANGE = 1, EXT_START = 2, EXT_END = 4 };

static struct ext_memo *ext_of(struct builder *b, CXCursor c)
{
	struct ext_memo *m = &b->ext[clang_hashCursor(c) % EXT_MEMO_SIZE];

	if (!(m->have & EXT_RANGE) || !clang_equalCursors(m->c, c)) {
		m->c = c;
		m->r = clang_getCursorExtent(c);
		m->have = EXT_RANGE;
	}
	return m;
}

CXSourceRange text_extent(struct builder *b, CXCursor c)
{
	return ext_of(b, c)->r;
}

struct floc text_extent_start(struct builder *b, CXCursor c)
{
	struct ext_memo *m = ext_of(b, c);

	if (!(m->have & EXT_START)) {
		m->s = text_loc(clang_getRangeStart(m->r));
		m->have |= EXT_START;
	}
	return m->s;
}

struct floc text_extent_end(struct builder *b, CXCursor c)
{
	struct ext_memo *m = ext_of(b, c);

	if (!(m->have & EXT_END)) {
		m->e = text_loc(clang_getRangeEnd(m->r));
		m->have |= EXT_END;
	}
	return m->e;
}

/*
 * Where the token at @l is spelled: for a token of a macro's replacement
 * list, in the definition, where clang_getFileLocation() gives the
 * invocation. clang_tokenize() lexes at the spelling location, and an
 * empty range gives the one token there (clang_getToken() measures the
 * token in the expansion's coordinates, past the end of a one-token
 * macro argument).
 */
bool text_spelled(struct builder *b, CXSourceLocation l, CXFile *f,
		  unsigned *off)
{
	CXToken *t;
	unsigned n;

	clang_tokenize(b->tu, clang_getRange(l, l), &t, &n);
	*f = NULL;
	if (n)
		clang_getFileLocation(clang_getTokenLocation(b->tu, t[0]), f,
				      NULL, NULL, off);
	clang_disposeTokens(b->tu, t, n);
	return *f != NULL;
}

/* The source text of @c as written, whitespace runs folded (arena). */
const char *text_of(struct builder *b, CXCursor c)
{
	struct floc s = text_extent_start(b, c);
	struct floc e = text_extent_end(b, c);
	struct ir_file *fi;
	char *t, *w;
	size_t i;

	if (!s.file || s.file != e.file || e.off <= s.off)
		return NULL;
	fi = text_file(b, s.file);
	if (!fi->buf || e.off > fi->len || e.off - s.off > 4096)
		return NULL;
	t = w = arena_alloc(&b->arena, e.off - s.off + 1);
	for (i = s.off; i < e.off; i++) {
		char ch = fi->buf[i];

		if (ch == '\n' || ch == '\t' || ch == '\\')
			ch = ' ';
		if (ch == ' ' && (w == t || w[-1] == ' '))
			continue;
		*w++ = ch;
	}
	while (w > t && w[-1] == ' ')
		w--;
	*w = '\0';
	return t;
}

static void set_span(struct builder *b, struct src_span *sp, struct floc s,
		     struct floc e)
{
	sp->file = text_display(b, s.file);
	sp->line = s.line;
	sp->col = s.col;
	sp->off = s.off;
	sp->end_line = e.line;
	sp->end_col = e.col;
	sp->end_off = e.off;
}

void text_span_of_cursor(struct builder *b, CXCursor c, struct src_span *sp)
{
	set_span(b, sp, text_extent_start(b, c), text_extent_end(b, c));
}

void text_span_of_macro(struct builder *b, const struct macro_exp *m,
			struct src_span *sp)
{
	struct ir_file *fi = text_file(b, m->file);

	sp->file = fi->display;
	sp->off = m->off;
	sp->end_off = m->end_off;
	line_col(fi, m->off, &sp->line, &sp->col);
	line_col(fi, m->end_off, &sp->end_line, &sp->end_col);
}

bool text_is_ident(char c)
{
	return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

bool text_names_primitive(const char *buf, size_t lo, size_t hi)
{
	char name[128];
	size_t i, j;

	for (i = lo; i < hi; i = j) {
		if (!text_is_ident(buf[i]) ||
		    (buf[i] >= '0' && buf[i] <= '9')) {
			j = i + 1;
			continue;
		}
		for (j = i; j < hi && text_is_ident(buf[j]); j++)
			;
		if (j - i < sizeof(name)) {
			memcpy(name, buf + i, j - i);
			name[j - i] = '\0';
			if (vocab_lookup(name, VOCAB_NO_HEADER))
				return true;
		}
	}
	return false;
}

/*
 * The identifier or operator at file offset @off (after blanks and
 * comments), read from the buffer: clang_getToken() finds nothing at
 * locations inside a macro's arguments. Returns a malloced string.
 */
char *text_token_at(struct builder *b, CXFile f, unsigned off)
{
	static const char *const ops[] = {
		"<<=", ">>=", "...", "==", "!=", "<=", ">=", "&&", "||", "+=",
		"-=",  "*=",  "/=",  "%=", "&=", "|=", "^=", "++", "--", "->",
		"<<",  ">>",  "=",   "<",  ">",	 "+",  "-",  "*",  "/",	 "%",
		"&",   "|",   "^",   "!",  "~",	 ",",  "?",  ":",  "(",	 ")",
		"[",   "]",   "{",   "}",  ";",	 ".",
	};
	struct ir_file *fi = f ? text_file(b, f) : NULL;
	size_t len = fi ? fi->len : 0, i = off, j;
	const char *buf = fi ? fi->buf : NULL;

	if (!buf)
		return xstrdup("");
	while (i < len) {
		if (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
		    buf[i] == '\r' || buf[i] == '\\') {
			i++;
		} else if (buf[i] == '/' && i + 1 < len && buf[i + 1] == '*') {
			const char *e = strstr(buf + i + 2, "*/");

			i = e ? (size_t)(e - buf) + 2 : len;
		} else if (buf[i] == '/' && i + 1 < len && buf[i + 1] == '/') {
			while (i < len && buf[i] != '\n')
				i++;
		} else {
			break;
		}
	}
	if (i >= len)
		return xstrdup("");
	if (text_is_ident(buf[i]) && !(buf[i] >= '0' && buf[i] <= '9')) {
		for (j = i; j < len && text_is_ident(buf[j]); j++)
			;
		return xstrndup(buf + i, j - i);
	}
	for (j = 0; j < sizeof(ops) / sizeof(ops[0]); j++)
		if (!strncmp(buf + i, ops[j], strlen(ops[j])) &&
		    i + strlen(ops[j]) <= len)
			return xstrdup(ops[j]);
	return xstrndup(buf + i, 1);
}

/* The files' line indexes; the rest of them lives in the arena. */
void text_free_files(struct ir_file **files, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		free(files[i]->lines);
	free(files);
}

static struct ir_file *file_named(const struct tu_ir *ir, const char *display)
{
	unsigned i;

	for (i = 0; i < ir->nfiles; i++)
		if (ir->files[i]->display == display ||
		    !strcmp(ir->files[i]->display, display))
			return ir->files[i];
	return NULL;
}

const char *events_file_text(const struct tu_ir *ir, const char *display,
			     size_t *len)
{
	struct ir_file *fi = file_named(ir, display);

	if (!fi)
		return NULL;
	*len = fi->len;
	return fi->buf;
}

void events_line_col(const struct tu_ir *ir, const char *display, unsigned off,
		     unsigned *line, unsigned *col)
{
	struct ir_file *fi = file_named(ir, display);

	*line = *col = 0;
	if (fi)
		line_col(fi, off, line, col);
}
