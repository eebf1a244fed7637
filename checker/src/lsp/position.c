// SPDX-License-Identifier: GPL-2.0
/* LSP positions in the three encodings, over UTF-8 text. */
#include "position.h"

#include <stdlib.h>
#include <string.h>

#include "../utf8.h"
#include "../util.h"

const char *pos_enc_name(enum pos_enc e)
{
	return e == ENC_UTF8 ? "utf-8" : e == ENC_UTF32 ? "utf-32" : "utf-16";
}

int pos_enc_from_name(const char *name)
{
	if (!name)
		return -1;
	if (!strcmp(name, "utf-8"))
		return ENC_UTF8;
	if (!strcmp(name, "utf-16"))
		return ENC_UTF16;
	if (!strcmp(name, "utf-32"))
		return ENC_UTF32;
	return -1;
}

void lines_build(struct line_index *li, const char *text, size_t len)
{
	size_t i, cap = 64;

	li->start = xmalloc(cap * sizeof(*li->start));
	li->n = 0;
	li->start[li->n++] = 0;
	for (i = 0; i < len; i++) {
		if (text[i] != '\n')
			continue;
		if (li->n == cap) {
			cap *= 2;
			li->start =
				xrealloc(li->start, cap * sizeof(*li->start));
		}
		li->start[li->n++] = i + 1;
	}
}

void lines_free(struct line_index *li)
{
	free(li->start);
	li->start = NULL;
	li->n = 0;
}

/*
 * Bytes of the character at s (1 to 4); a byte that starts no valid
 * sequence counts as one character, as editors show it (and as the U+FFFD
 * it becomes in what we send, utf8.h).
 */
static size_t char_len(const unsigned char *s, size_t left)
{
	size_t n = utf8_seq(s, left);

	return n ? n : 1;
}

static size_t units(size_t bytes, enum pos_enc e)
{
	if (e == ENC_UTF8)
		return bytes;
	/* outside the BMP (4 bytes) UTF-16 needs a surrogate pair */
	return e == ENC_UTF16 && bytes == 4 ? 2 : 1;
}

static size_t line_end(const char *text, size_t len,
		       const struct line_index *li, unsigned line)
{
	size_t end = line + 1 < li->n ? li->start[line + 1] - 1 : len;

	(void)text;
	return end;
}

void pos_from_offset(const char *text, size_t len, const struct line_index *li,
		     size_t off, enum pos_enc e, unsigned *line, unsigned *ch)
{
	unsigned lo = 0, hi = li->n;
	size_t i, c = 0, k;

	if (off > len)
		off = len;
	/* the last line starting at or before off */
	while (hi - lo > 1) {
		unsigned mid = lo + (hi - lo) / 2;

		if (li->start[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	*line = lo;
	if (e == ENC_UTF8) {
		*ch = (unsigned)(off - li->start[lo]);
		return;
	}
	for (i = li->start[lo]; i < off; i += k) {
		k = char_len((const unsigned char *)text + i, len - i);
		if (i + k > off)
			k = off -
			    i; /* off inside a character: count what is before */
		c += units(k, e);
	}
	*ch = (unsigned)c;
}

size_t pos_to_offset(const char *text, size_t len, const struct line_index *li,
		     unsigned line, unsigned ch, enum pos_enc e)
{
	size_t i, end, c = 0, k;

	if (line >= li->n)
		return len;
	i = li->start[line];
	end = line_end(text, len, li, line);
	if (e == ENC_UTF8)
		return i + ch < end ? i + ch : end;
	while (i < end && c < ch) {
		k = char_len((const unsigned char *)text + i, end - i);
		c += units(k, e);
		i += k;
	}
	return i;
}

size_t pos_offset_of_line_col(const char *text, size_t len,
			      const struct line_index *li, unsigned line,
			      unsigned col)
{
	size_t end, off;

	if (!line)
		return 0;
	if (line > li->n)
		return len;
	end = line_end(text, len, li, line - 1);
	off = li->start[line - 1] + (col ? col - 1 : 0);
	return off < end ? off : end;
}
