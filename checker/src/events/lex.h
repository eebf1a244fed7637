/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a byte of C text is, as the preprocessor reads it (lexstate.c),
 * and what it names (text.c): what the builder, the editor's memo and
 * header blanking read text with.
 */
#ifndef ORDERCHECK_EVENTS_LEX_H
#define ORDERCHECK_EVENTS_LEX_H

#include <stdbool.h>
#include <stddef.h>

enum lex_state { LEX_CODE, LEX_BLOCK, LEX_LINE, LEX_STR, LEX_CHR };
/*
 * Move @st over the byte at @i of @buf (@len bytes): returns the bytes
 * that took (two for a comment's opening or end, an escape, more for a
 * backslash-newline), or 0 when a newline ends a // comment or a literal
 * left open: @st is then LEX_CODE and the newline is yet to be read.
 */
size_t lex_step(const char *buf, size_t len, size_t i, enum lex_state *st);
/* A blank between tokens, the newline included. */
bool lex_blank(char c);
/* text.c: a byte of an identifier */
bool text_is_ident(char c);
/*
 * Whether bytes [@lo, @hi) of @buf name a primitive of any dialect (an
 * identifier vocab_lookup() knows, with VOCAB_NO_HEADER). The text is not
 * preprocessed: a macro that expands to one is not seen.
 */
bool text_names_primitive(const char *buf, size_t lo, size_t hi);

#endif
