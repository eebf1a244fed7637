/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LSP positions: 0-based lines, and characters counted in the negotiated
 * encoding (UTF-16 code units unless the client agreed to UTF-8 or
 * UTF-32). libclang and our diagnostics count bytes.
 */
#ifndef ORDERCHECK_LSP_POSITION_H
#define ORDERCHECK_LSP_POSITION_H

#include <stddef.h>

enum pos_enc {
	ENC_UTF16,
	ENC_UTF8,
	ENC_UTF32,
};

const char *pos_enc_name(enum pos_enc e);
/* "utf-8" and friends; returns -1 for a name we do not know. */
int pos_enc_from_name(const char *name);

/* Offsets of line starts in a text; lines end at '\n'. */
struct line_index {
	size_t *start;
	unsigned n;
};

void lines_build(struct line_index *li, const char *text, size_t len);
void lines_free(struct line_index *li);

/* Byte offset @off (clamped to the text) as a line and character. */
void pos_from_offset(const char *text, size_t len, const struct line_index *li,
		     size_t off, enum pos_enc e, unsigned *line, unsigned *ch);

/*
 * The byte offset of @line and @ch; a character past the end of its line
 * means the end of the line, a line past the end the end of the text.
 */
size_t pos_to_offset(const char *text, size_t len, const struct line_index *li,
		     unsigned line, unsigned ch, enum pos_enc e);

/* Our 1-based line and byte column as an offset (clamped). */
size_t pos_offset_of_line_col(const char *text, size_t len,
			      const struct line_index *li, unsigned line,
			      unsigned col);

#endif
