// SPDX-License-Identifier: GPL-2.0
/* JSON text to DOM (RFC 8259, strict), and lookups in the DOM. */
#include "json.h"

#include <stdlib.h>
#include <string.h>

struct parser {
	const char *p, *end;
	const char *err;
	unsigned depth;
};

static struct json *node(enum json_type t)
{
	struct json *j = xcalloc(1, sizeof(*j));

	j->type = t;
	return j;
}

void json_free(struct json *j)
{
	unsigned i;

	if (!j)
		return;
	for (i = 0; i < j->n; i++) {
		json_free(j->v[i]);
		if (j->keys)
			free(j->keys[i]);
	}
	free(j->v);
	free(j->keys);
	free(j->s);
	free(j);
}

static void skip_ws(struct parser *ps)
{
	while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' ||
				   *ps->p == '\n' || *ps->p == '\r'))
		ps->p++;
}

static bool fail(struct parser *ps, const char *why)
{
	if (!ps->err)
		ps->err = why;
	return false;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static bool hex4(struct parser *ps, unsigned *out)
{
	unsigned v = 0;
	int i, h;

	if (ps->end - ps->p < 4)
		return fail(ps, "truncated \\u escape");
	for (i = 0; i < 4; i++) {
		h = hexval(ps->p[i]);
		if (h < 0)
			return fail(ps, "bad \\u escape");
		v = v << 4 | (unsigned)h;
	}
	ps->p += 4;
	*out = v;
	return true;
}

static void put_utf8(struct strbuf *b, unsigned cp)
{
	char u[4];
	size_t n;

	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | cp >> 12);
		u[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | cp >> 18);
		u[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		u[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	sb_add(b, u, n);
}

/* \uXXXX, with a surrogate pair when one follows; lone halves: U+FFFD. */
static bool unicode_escape(struct parser *ps, struct strbuf *b)
{
	unsigned cp, lo;

	if (!hex4(ps, &cp))
		return false;
	if (cp >= 0xd800 && cp < 0xdc00 && ps->end - ps->p >= 6 &&
	    ps->p[0] == '\\' && ps->p[1] == 'u') {
		const char *save = ps->p;

		ps->p += 2;
		if (!hex4(ps, &lo))
			return false;
		if (lo >= 0xdc00 && lo < 0xe000)
			cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
		else
			ps->p = save; /* not a pair: the next escape stands alone */
	}
	if (cp >= 0xd800 && cp < 0xe000)
		cp = 0xfffd;
	put_utf8(b, cp);
	return true;
}

static bool string_body(struct parser *ps, struct strbuf *b)
{
	ps->p++; /* the opening quote */
	for (;;) {
		const char *run = ps->p;

		while (ps->p < ps->end && *ps->p != '"' && *ps->p != '\\' &&
		       (unsigned char)*ps->p >= 0x20)
			ps->p++;
		sb_add(b, run, (size_t)(ps->p - run));
		if (ps->p >= ps->end)
			return fail(ps, "unterminated string");
		if (*ps->p == '"') {
			ps->p++;
			return true;
		}
		if ((unsigned char)*ps->p < 0x20)
			return fail(ps, "control character in string");
		if (++ps->p >= ps->end)
			return fail(ps, "unterminated string");
		switch (*ps->p++) {
		case '"':
			sb_add(b, "\"", 1);
			break;
		case '\\':
			sb_add(b, "\\", 1);
			break;
		case '/':
			sb_add(b, "/", 1);
			break;
		case 'b':
			sb_add(b, "\b", 1);
			break;
		case 'f':
			sb_add(b, "\f", 1);
			break;
		case 'n':
			sb_add(b, "\n", 1);
			break;
		case 'r':
			sb_add(b, "\r", 1);
			break;
		case 't':
			sb_add(b, "\t", 1);
			break;
		case 'u':
			if (!unicode_escape(ps, b))
				return false;
			break;
		default:
			return fail(ps, "bad escape in string");
		}
	}
}

static struct json *string(struct parser *ps)
{
	struct strbuf b = { 0 };
	struct json *j;

	if (!string_body(ps, &b)) {
		free(b.s);
		return NULL;
	}
	j = node(JSON_STRING);
	j->len = b.len;
	sb_add(&b, "", 0); /* an empty string still gets its buffer */
	j->s = b.s ? b.s : xstrdup("");
	return j;
}

static bool digits(struct parser *ps)
{
	const char *start = ps->p;

	while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9')
		ps->p++;
	return ps->p > start;
}

static struct json *number(struct parser *ps)
{
	const char *start = ps->p;
	struct json *j;

	if (ps->p < ps->end && *ps->p == '-')
		ps->p++;
	if (ps->p < ps->end && *ps->p == '0')
		ps->p++;
	else if (!digits(ps))
		return fail(ps, "bad number"), NULL;
	if (ps->p < ps->end && *ps->p == '.') {
		ps->p++;
		if (!digits(ps))
			return fail(ps, "bad number"), NULL;
	}
	if (ps->p < ps->end && (*ps->p == 'e' || *ps->p == 'E')) {
		ps->p++;
		if (ps->p < ps->end && (*ps->p == '+' || *ps->p == '-'))
			ps->p++;
		if (!digits(ps))
			return fail(ps, "bad number"), NULL;
	}
	j = node(JSON_NUMBER);
	j->len = (size_t)(ps->p - start);
	j->s = xstrndup(start, j->len);
	j->num = strtod(j->s, NULL);
	return j;
}

static bool literal(struct parser *ps, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n))
		return fail(ps, "unexpected character");
	ps->p += n;
	return true;
}

static struct json *value(struct parser *ps);

static void append(struct json *c, char *key, struct json *v)
{
	/* grow in powers of two: n is a power of two when full */
	if (!(c->n & (c->n - 1))) {
		size_t cap = c->n ? 2 * (size_t)c->n : 1;

		c->v = xrealloc(c->v, cap * sizeof(*c->v));
		if (c->type == JSON_OBJECT)
			c->keys = xrealloc(c->keys, cap * sizeof(*c->keys));
	}
	if (c->type == JSON_OBJECT)
		c->keys[c->n] = key;
	c->v[c->n++] = v;
}

static bool expect(struct parser *ps, char c, const char *why)
{
	skip_ws(ps);
	if (ps->p >= ps->end || *ps->p != c)
		return fail(ps, why);
	ps->p++;
	return true;
}

static struct json *container(struct parser *ps, bool obj)
{
	struct json *c = node(obj ? JSON_OBJECT : JSON_ARRAY), *v;
	char close = obj ? '}' : ']';
	struct strbuf key;

	if (++ps->depth > JSON_MAX_DEPTH) {
		fail(ps, "nested too deeply");
		goto bad;
	}
	ps->p++;
	skip_ws(ps);
	if (ps->p < ps->end && *ps->p == close) {
		ps->p++;
		ps->depth--;
		return c;
	}
	for (;;) {
		memset(&key, 0, sizeof(key));
		if (obj) {
			skip_ws(ps);
			if (ps->p >= ps->end || *ps->p != '"') {
				fail(ps, "object key is not a string");
				goto bad;
			}
			if (!string_body(ps, &key) ||
			    !expect(ps, ':', "':' missing after object key")) {
				free(key.s);
				goto bad;
			}
			sb_add(&key, "", 0);
		}
		v = value(ps);
		if (!v) {
			free(key.s);
			goto bad;
		}
		append(c, obj ? (key.s ? key.s : xstrdup("")) : NULL, v);
		skip_ws(ps);
		if (ps->p < ps->end && *ps->p == ',') {
			ps->p++;
			continue;
		}
		if (!expect(ps, close,
			    obj ? "',' or '}' expected" :
				  "',' or ']' expected"))
			goto bad;
		ps->depth--;
		return c;
	}
bad:
	json_free(c);
	return NULL;
}

static struct json *value(struct parser *ps)
{
	struct json *j;

	skip_ws(ps);
	if (ps->p >= ps->end)
		return fail(ps, "truncated JSON"), NULL;
	switch (*ps->p) {
	case '{':
		return container(ps, true);
	case '[':
		return container(ps, false);
	case '"':
		return string(ps);
	case 't':
	case 'f': {
		bool t = *ps->p == 't';

		if (!literal(ps, t ? "true" : "false"))
			return NULL;
		j = node(JSON_BOOL);
		j->b = t;
		return j;
	}
	case 'n':
		return literal(ps, "null") ? node(JSON_NULL) : NULL;
	default:
		if (*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9'))
			return number(ps);
		return fail(ps, "unexpected character"), NULL;
	}
}

struct json *json_parse(const char *s, size_t len, const char **err)
{
	struct parser ps = { s, s + len, NULL, 0 };
	struct json *j = value(&ps);

	if (j) {
		skip_ws(&ps);
		if (ps.p != ps.end) {
			fail(&ps, "text after the JSON value");
			json_free(j);
			j = NULL;
		}
	}
	if (err)
		*err = ps.err;
	return j;
}

const struct json *json_get(const struct json *obj, const char *key)
{
	unsigned i;

	if (!obj || obj->type != JSON_OBJECT)
		return NULL;
	for (i = 0; i < obj->n; i++)
		if (!strcmp(obj->keys[i], key))
			return obj->v[i];
	return NULL;
}

const struct json *json_path(const struct json *j, const char *path)
{
	char key[128];
	const char *dot;
	size_t n;

	while (j && *path) {
		dot = strchr(path, '.');
		n = dot ? (size_t)(dot - path) : strlen(path);
		if (n >= sizeof(key))
			return NULL;
		memcpy(key, path, n);
		key[n] = '\0';
		j = json_get(j, key);
		path += n + (dot != NULL);
	}
	return j;
}

const char *json_str(const struct json *j)
{
	return j && j->type == JSON_STRING ? j->s : NULL;
}

bool json_int(const struct json *j, long long *out)
{
	/* exactly representable integers only: no fractions, no 1e300 */
	if (!j || j->type != JSON_NUMBER || j->num > 9007199254740992.0 ||
	    j->num < -9007199254740992.0 || j->num != (double)(long long)j->num)
		return false;
	*out = (long long)j->num;
	return true;
}

bool json_is_true(const struct json *j)
{
	return j && j->type == JSON_BOOL && j->b;
}

bool json_array_has_str(const struct json *arr, const char *s)
{
	unsigned i;

	if (!arr || arr->type != JSON_ARRAY)
		return false;
	for (i = 0; i < arr->n; i++)
		if (json_str(arr->v[i]) && !strcmp(arr->v[i]->s, s))
			return true;
	return false;
}

struct json *json_clone(const struct json *j)
{
	struct json *c;
	unsigned i;

	if (!j)
		return NULL;
	c = node(j->type);
	c->b = j->b;
	c->num = j->num;
	c->len = j->len;
	if (j->s) {
		c->s = xmalloc(j->len + 1);
		memcpy(c->s, j->s, j->len + 1);
	}
	for (i = 0; i < j->n; i++)
		append(c, j->keys ? xstrdup(j->keys[i]) : NULL,
		       json_clone(j->v[i]));
	return c;
}

struct json *json_detach(struct json *obj, const char *key)
{
	struct json *v;
	unsigned i;

	if (!obj || obj->type != JSON_OBJECT)
		return NULL;
	for (i = 0; i < obj->n; i++) {
		if (strcmp(obj->keys[i], key))
			continue;
		v = obj->v[i];
		free(obj->keys[i]);
		memmove(&obj->v[i], &obj->v[i + 1],
			(obj->n - i - 1) * sizeof(*obj->v));
		memmove(&obj->keys[i], &obj->keys[i + 1],
			(obj->n - i - 1) * sizeof(*obj->keys));
		obj->n--;
		return v;
	}
	return NULL;
}

void json_set(struct json *obj, const char *key, struct json *v)
{
	json_free(json_detach(obj, key));
	append(obj, xstrdup(key), v);
}
