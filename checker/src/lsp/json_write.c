// SPDX-License-Identifier: GPL-2.0
/* DOM and values to JSON text, always valid UTF-8. */
#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void sep(struct jw *w)
{
	if (w->comma)
		sb_add(&w->b, ",", 1);
	w->comma = true;
}

void jw_obj(struct jw *w)
{
	sep(w);
	sb_add(&w->b, "{", 1);
	w->comma = false;
}

void jw_obj_end(struct jw *w)
{
	sb_add(&w->b, "}", 1);
	w->comma = true;
}

void jw_arr(struct jw *w)
{
	sep(w);
	sb_add(&w->b, "[", 1);
	w->comma = false;
}

void jw_arr_end(struct jw *w)
{
	sb_add(&w->b, "]", 1);
	w->comma = true;
}

/* Length of the valid UTF-8 sequence at s (RFC 3629), or 0. */
static size_t utf8_len(const unsigned char *s, size_t left)
{
	size_t n, i;
	unsigned cp;

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

static void escaped(struct strbuf *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	char esc[8];

	sb_add(b, "\"", 1);
	while (p < end) {
		const unsigned char *run = p;
		size_t k;

		while (p < end && *p >= 0x20 && *p != '"' && *p != '\\' &&
		       *p < 0x80)
			p++;
		sb_add(b, (const char *)run, (size_t)(p - run));
		if (p >= end)
			break;
		if (*p == '"' || *p == '\\') {
			esc[0] = '\\';
			esc[1] = (char)*p++;
			sb_add(b, esc, 2);
		} else if (*p == '\n') {
			sb_add(b, "\\n", 2);
			p++;
		} else if (*p == '\t') {
			sb_add(b, "\\t", 2);
			p++;
		} else if (*p == '\r') {
			sb_add(b, "\\r", 2);
			p++;
		} else if (*p < 0x20) {
			snprintf(esc, sizeof(esc), "\\u%04x", *p++);
			sb_add(b, esc, 6);
		} else if ((k = utf8_len(p, (size_t)(end - p)))) {
			sb_add(b, (const char *)p, k);
			p += k;
		} else {
			sb_add(b, "\\ufffd", 6);
			p++;
		}
	}
	sb_add(b, "\"", 1);
}

void jw_key(struct jw *w, const char *key)
{
	sep(w);
	escaped(&w->b, key, strlen(key));
	sb_add(&w->b, ":", 1);
	w->comma = false;
}

void jw_strn(struct jw *w, const char *s, size_t n)
{
	sep(w);
	escaped(&w->b, s ? s : "", s ? n : 0);
}

void jw_str(struct jw *w, const char *s)
{
	jw_strn(w, s, s ? strlen(s) : 0);
}

void jw_int(struct jw *w, long long v)
{
	sep(w);
	sb_printf(&w->b, "%lld", v);
}

void jw_bool(struct jw *w, bool v)
{
	sep(w);
	sb_puts(&w->b, v ? "true" : "false");
}

void jw_null(struct jw *w)
{
	sep(w);
	sb_puts(&w->b, "null");
}

void jw_json(struct jw *w, const struct json *j)
{
	if (!j) {
		jw_null(w);
		return;
	}
	switch (j->type) {
	case JSON_NULL:
		jw_null(w);
		break;
	case JSON_BOOL:
		jw_bool(w, j->b);
		break;
	case JSON_NUMBER:
		sep(w);
		sb_add(&w->b, j->s, j->len); /* the text parsed, unchanged */
		break;
	case JSON_STRING:
		jw_strn(w, j->s, j->len);
		break;
	case JSON_ARRAY:
		jw_arr(w);
		jw_elements(w, j);
		jw_arr_end(w);
		break;
	case JSON_OBJECT:
		jw_obj(w);
		for (unsigned i = 0; i < j->n; i++) {
			jw_key(w, j->keys[i]);
			jw_json(w, j->v[i]);
		}
		jw_obj_end(w);
		break;
	}
}

void jw_elements(struct jw *w, const struct json *arr)
{
	unsigned i;

	if (!arr || arr->type != JSON_ARRAY)
		return;
	for (i = 0; i < arr->n; i++)
		jw_json(w, arr->v[i]);
}

char *jw_detach(struct jw *w, size_t *len)
{
	if (len)
		*len = w->b.len;
	w->comma = false;
	return sb_detach(&w->b);
}

char *json_dump(const struct json *j)
{
	struct jw w = { { 0 }, false };

	jw_json(&w, j);
	return jw_detach(&w, NULL);
}
