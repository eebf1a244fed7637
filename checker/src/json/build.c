// SPDX-License-Identifier: GPL-2.0
/* JSON values from our strings: always valid UTF-8, never NULL. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../utf8.h"
#include "jsonio.h"

static json_t *must(json_t *v)
{
	if (!v)
		abort(); /* out of memory, as in xmalloc() */
	return v;
}

json_t *jsonio_strn(const char *s, size_t n)
{
	char *fixed;
	size_t len;
	json_t *v;

	if (!s)
		return must(json_string(""));
	if (utf8_valid(s, n))
		return must(json_stringn_nocheck(s, n));
	fixed = utf8_repair(s, n, &len);
	v = json_stringn_nocheck(fixed, len);
	free(fixed);
	return must(v);
}

json_t *jsonio_str(const char *s)
{
	return jsonio_strn(s, s ? strlen(s) : 0);
}

json_t *jsonio_pack(const char *fmt, ...)
{
	json_error_t e;
	va_list ap;
	json_t *v;

	va_start(ap, fmt);
	v = json_vpack_ex(&e, 0, fmt, ap);
	va_end(ap);
	if (!v) {
		fprintf(stderr, "ordercheck: internal error: json_pack: %s\n",
			e.text);
		abort();
	}
	return v;
}

void jsonio_set(json_t *obj, const char *key, json_t *v)
{
	char *fixed = NULL;
	int rc;

	/* a key may be a peer's (a document URI): the same repair */
	if (!utf8_valid(key, strlen(key)))
		key = fixed = utf8_repair(key, strlen(key), NULL);
	rc = json_object_set_new_nocheck(obj, key, must(v));
	free(fixed);
	if (rc)
		abort();
}

void jsonio_push(json_t *arr, json_t *v)
{
	if (json_array_append_new(arr, must(v)))
		abort();
}
