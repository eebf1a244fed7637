// SPDX-License-Identifier: GPL-2.0
/* JSON text to values and back, compact, with the repair of jsonio.h. */
#include <stdlib.h>
#include <string.h>

#include "../utf8.h"
#include "../util.h"
#include "jsonio.h"

/* The code unit of the \uXXXX escape at @s, or -1. */
static long escape_at(const char *s, size_t left)
{
	long v = 0;
	int i, h;

	if (left < 6 || s[0] != '\\' || s[1] != 'u')
		return -1;
	for (i = 2; i < 6; i++) {
		h = hex_digit(s[i]);
		if (h < 0)
			return -1;
		v = v << 4 | h;
	}
	return v;
}

/*
 * Walk @s as jansson will, repairing what it would refuse but we take:
 * invalid UTF-8 bytes and lone surrogate escapes (a JavaScript client
 * writes those for a broken string) become U+FFFD. Writes the repaired
 * text to @out if not NULL; returns how many repairs there were. Outside
 * strings a backslash or a stray byte is an error either way.
 */
static size_t repair(const char *s, size_t n, struct strbuf *out)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k, fixes = 0, run = 0;
	long hi, lo;

	while (i < n) {
		if (p[i] == '\\' && i + 1 < n) {
			hi = escape_at(s + i, n - i);
			/* \" \\ ... (two bytes), or an escape in the BMP */
			if (hi < 0xd800 || hi >= 0xe000) {
				i += hi < 0 ? 2 : 6;
				continue;
			}
			lo = hi < 0xdc00 ? escape_at(s + i + 6, n - i - 6) : -1;
			if (lo >= 0xdc00 && lo < 0xe000) {
				i += 12; /* a pair */
				continue;
			}
			k = 6;
			fixes++;
			if (out) {
				sb_add(out, s + run, i - run);
				sb_add(out, "\\uFFFD", 6);
			}
		} else if (p[i] < 0x80) {
			i++;
			continue;
		} else if ((k = utf8_seq(p + i, n - i))) {
			i += k;
			continue;
		} else {
			k = 1;
			fixes++;
			if (out) {
				sb_add(out, s + run, i - run);
				sb_add(out, "\xef\xbf\xbd", 3);
			}
		}
		i += k;
		run = i;
	}
	if (out)
		sb_add(out, s + run, n - run);
	return fixes;
}

json_t *jsonio_parse(const char *s, size_t len, char **err)
{
	struct strbuf fixed = { 0 };
	json_error_t e;
	json_t *j;

	if (repair(s, len, NULL)) {
		repair(s, len, &fixed);
		s = fixed.s;
		len = fixed.len;
	}
	j = json_loadb(s, len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &e);
	if (!j && err)
		*err = xstrdup(e.text[0] ? e.text : "not JSON");
	free(fixed.s);
	return j;
}

static int to_strbuf(const char *buf, size_t size, void *data)
{
	sb_add(data, buf, size);
	return 0;
}

char *jsonio_dump(const json_t *j, size_t *len)
{
	struct strbuf b = { 0 };

	sb_add(&b, "", 0);
	if (json_dump_callback(j, to_strbuf, &b,
			       JSON_COMPACT | JSON_ENCODE_ANY))
		abort(); /* only out of memory: our strings are valid */
	if (len)
		*len = b.len;
	return sb_detach(&b);
}

int jsonio_write(FILE *out, const json_t *j)
{
	if (json_dumpf(j, out, JSON_COMPACT | JSON_ENCODE_ANY))
		return -1;
	return fputc('\n', out) == EOF ? -1 : 0;
}
