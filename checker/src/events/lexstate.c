// SPDX-License-Identifier: GPL-2.0
/*
 * Where a byte of the main file's text is, as the preprocessor reads it:
 * in code, a comment or a literal (lex.h). The include memo's key
 * (includes.c) takes the directives it finds in code; an edit of the
 * prefix memo (memo_edit.c) asks whether it changed code, and whether
 * what follows it is read as before.
 */
#include "lex.h"

/* A backslash that joins the next line to this one: the bytes it takes. */
static size_t joined(const char *buf, size_t len, size_t i)
{
	if (buf[i] != '\\' || i + 1 >= len)
		return 0;
	if (buf[i + 1] == '\n')
		return 2;
	return buf[i + 1] == '\r' && i + 2 < len && buf[i + 2] == '\n' ? 3 : 0;
}

bool lex_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	       c == '\v';
}

size_t lex_step(const char *buf, size_t len, size_t i, enum lex_state *st)
{
	char c = buf[i], next = i + 1 < len ? buf[i + 1] : '\0';
	size_t n = joined(buf, len, i);

	if (n)
		return n;
	switch (*st) {
	case LEX_CODE:
		if (c == '/' && (next == '*' || next == '/')) {
			*st = next == '*' ? LEX_BLOCK : LEX_LINE;
			return 2;
		}
		if (c == '"')
			*st = LEX_STR;
		else if (c == '\'')
			*st = LEX_CHR;
		return 1;
	case LEX_BLOCK:
		if (c == '*' && next == '/') {
			*st = LEX_CODE;
			return 2;
		}
		return 1;
	case LEX_LINE:
		if (c != '\n')
			return 1;
		*st = LEX_CODE;
		return 0;
	case LEX_STR:
	case LEX_CHR:
		if (c == '\\' && i + 1 < len)
			return 2;
		if (c == (*st == LEX_STR ? '"' : '\'')) {
			*st = LEX_CODE;
			return 1;
		}
		if (c != '\n')
			return 1;
		*st = LEX_CODE;
		return 0;
	}
	return 1;
}
