// SPDX-License-Identifier: GPL-2.0
/* Location keys: spelling, reading back and showing them (keys.h). */
#include "keys.h"

#include <stdlib.h>
#include <string.h>

#include "../util.h"

static bool skip(const char **s, const char *end, const char *prefix)
{
	size_t n = strlen(prefix);

	if ((size_t)(end - *s) < n || strncmp(*s, prefix, n))
		return false;
	*s += n;
	return true;
}

static struct key_part part(const char *s, const char *end)
{
	struct key_part p = { s, (size_t)(end - s) };

	return p;
}

/* "foo.bar" after "struct ": fields have no '.' in their names. */
static void parse_field(const char *s, const char *end, struct key *k)
{
	const char *dot = end;

	while (dot > s && dot[-1] != '.')
		dot--;
	k->kind = KEY_FIELD;
	k->record = part(s, dot > s ? dot - 1 : end);
	if (dot > s)
		k->name = part(dot, end);
}

bool keys_parse(const char *text, struct key *k)
{
	const char *s = text, *end, *at;

	memset(k, 0, sizeof(*k));
	if (!text)
		return false;
	while (*s == '*' || *s == '&')
		s++;
	end = s + strlen(s);
	while (end - s >= 2 && end[-2] == '[' && end[-1] == ']')
		end -= 2;
	if (skip(&s, end, "global:")) {
		at = memchr(s, '@', (size_t)(end - s));
		k->kind = at ? KEY_STATIC : KEY_GLOBAL;
		k->name = part(s, at ? at : end);
		if (at)
			k->file = part(at + 1, end);
	} else if (skip(&s, end, "param:")) {
		k->kind = KEY_PARAM;
		k->name = part(s, end);
	} else if (skip(&s, end, "local:")) {
		k->kind = KEY_LOCAL;
		k->name = part(s, end);
	} else if (skip(&s, end, "struct ")) {
		parse_field(s, end, k);
	} else if (skip(&s, end, "union ")) {
		k->in_union = true;
		parse_field(s, end, k);
	} else {
		return false;
	}
	k->ops = part(text, text + strspn(text, "*&"));
	k->elems = (unsigned)(strlen(end) / 2);
	return true;
}

char *keys_global(const char *name)
{
	return xasprintf("global:%s", name);
}

/*
 * Two files' statics of one name are two objects, which the pairing pass
 * must not join: the file's name tells them apart.
 */
char *keys_static(const char *name, const char *path)
{
	const char *base = path ? path : "";

	if (strrchr(base, '/'))
		base = strrchr(base, '/') + 1;
	return xasprintf("global:%s@%s", name, base);
}

char *keys_param(const char *name)
{
	return xasprintf("param:%s", name);
}

char *keys_local(const char *name)
{
	return xasprintf("local:%s", name);
}

char *keys_field(const char *record, const char *field)
{
	/*
	 * "struct mm_struct::(anonymous at /path/mm_types.h:530:2)",
	 * "(unnamed at ...)": the path makes keys differ between trees and
	 * between spellings of it; drop it
	 */
	static const char *const forms[] = { "(anonymous at ", "(unnamed at " };
	char *rec = xstrdup(record), *r;
	unsigned i;

	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		char *a = strstr(rec, forms[i]);
		char *e = a ? strchr(a, ')') : NULL;

		if (a && e)
			memmove(a + strlen(forms[i]) - 4, e, strlen(e) + 1);
	}
	r = xasprintf("%s%s.%s",
		      strncmp(rec, "struct ", 7) && strncmp(rec, "union ", 6) ?
			      "struct " :
			      "",
		      rec, field);
	free(rec);
	return r;
}

char *keys_elem(const char *inner)
{
	return xasprintf("%s[]", inner);
}

/* *&x is x: READ_ONCE(*&x) must meet the READ_ONCE(x) of the other side */
char *keys_deref(const char *inner)
{
	return inner[0] == '&' ? xstrdup(inner + 1) : xasprintf("*%s", inner);
}

char *keys_addr(const char *inner)
{
	return xasprintf("&%s", inner);
}

bool keys_shared(const char *text)
{
	struct key k;

	return keys_parse(text, &k) && !k.ops.len &&
	       (k.kind == KEY_FIELD || k.kind == KEY_GLOBAL ||
		k.kind == KEY_STATIC);
}

bool keys_private(const char *text)
{
	struct key k;

	return keys_parse(text, &k) && !k.ops.len &&
	       (k.kind == KEY_LOCAL || k.kind == KEY_PARAM);
}

static bool direct_struct_field(const char *text, struct key *k)
{
	return keys_parse(text, k) && !k->ops.len && k->kind == KEY_FIELD &&
	       !k->in_union && k->name.s;
}

bool keys_same_struct(const char *a, const char *b)
{
	struct key ka, kb;

	return direct_struct_field(a, &ka) && direct_struct_field(b, &kb) &&
	       ka.record.len == kb.record.len &&
	       !memcmp(ka.record.s, kb.record.s, ka.record.len);
}

bool keys_of_struct(const char *text, const char *tag)
{
	struct key k;

	return direct_struct_field(text, &k) && k.record.len == strlen(tag) &&
	       !memcmp(k.record.s, tag, k.record.len);
}

const char *keys_shown(const char *text, enum keys_style style, int *len)
{
	const char *start = text, *end = text + strlen(text);
	struct key k;

	if (keys_parse(text, &k)) {
		bool named = !k.ops.len &&
			     (k.kind == KEY_GLOBAL || k.kind == KEY_STATIC);

		if (named)
			start = k.name.s;
		else if (style == KEYS_NAME && !k.ops.len &&
			 k.kind == KEY_FIELD)
			start = k.record.s;
		if (k.kind == KEY_STATIC && (named || style == KEYS_NAME))
			end = k.file.s - 1;
	}
	*len = (int)(end - start);
	return start;
}
