// SPDX-License-Identifier: GPL-2.0
/* UTF-8 checking and our one repair: each invalid byte becomes U+FFFD. */
#include "utf8.h"

#include "util.h"

size_t utf8_seq(const unsigned char *s, size_t left)
{
	size_t n, i;
	unsigned cp;

	if (!left)
		return 0;
	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] < 0xe0)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] < 0xf0)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] < 0xf5)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (left < n)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates and values past U+10FFFF */
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp < 0xe000) || cp > 0x10ffff)
		return 0;
	return n;
}

bool utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k;

	while (i < n) {
		/* ASCII runs are most of what we see: no decoding for them */
		if (p[i] < 0x80) {
			i++;
			continue;
		}
		k = utf8_seq(p + i, n - i);
		if (!k)
			return false;
		i += k;
	}
	return true;
}

char *utf8_repair(const char *s, size_t n, size_t *out_len)
{
	const unsigned char *p = (const unsigned char *)s;
	struct strbuf b = { 0 };
	size_t i = 0, k;

	sb_add(&b, "", 0);
	while (i < n) {
		k = utf8_seq(p + i, n - i);
		if (k) {
			sb_add(&b, s + i, k);
			i += k;
		} else {
			sb_add(&b, "\xef\xbf\xbd", 3);
			i++;
		}
	}
	if (out_len)
		*out_len = b.len;
	return sb_detach(&b);
}
