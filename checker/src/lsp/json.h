/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small JSON DOM for the language server: parse what a client or clangd
 * sends, look fields up, write messages. Parsing never trusts its input:
 * bad JSON, deep nesting and stray bytes give an error, never a crash.
 */
#ifndef ORDERCHECK_LSP_JSON_H
#define ORDERCHECK_LSP_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "../util.h"

enum json_type {
	JSON_NULL,
	JSON_BOOL,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT,
};

struct json {
	enum json_type type;
	bool b;
	double num;
	/*
	 * A string's bytes (NUL-terminated; it may hold NULs, see len), or a
	 * number's text as written, so that ids are echoed exactly.
	 */
	char *s;
	size_t len;
	struct json **v; /* array elements, object values */
	char **keys; /* object keys, in order */
	unsigned n;
};

/* Nesting deeper than this is refused: recursion must stay bounded. */
#define JSON_MAX_DEPTH 200

/*
 * Parse one value from s[0..len), surrounded by whitespace only. Returns
 * NULL on error with *err (a static string) saying why.
 */
struct json *json_parse(const char *s, size_t len, const char **err);
void json_free(struct json *j);

/* A deep copy. */
struct json *json_clone(const struct json *j);
/* Take @key's value out of @obj (the caller frees it), or NULL. */
struct json *json_detach(struct json *obj, const char *key);
/* Set @key of @obj to @v (owned by @obj from now), replacing any value. */
void json_set(struct json *obj, const char *key, struct json *v);

/* Lookups tolerate NULL and wrong types: they return NULL or false. */
const struct json *json_get(const struct json *obj, const char *key);
/* Dotted path of object keys: "params.textDocument.uri". */
const struct json *json_path(const struct json *j, const char *path);
const char *json_str(const struct json *j);
bool json_int(const struct json *j, long long *out);
bool json_is_true(const struct json *j);
/* A string array holds @s. */
bool json_array_has_str(const struct json *arr, const char *s);

/*
 * Writing: values, keys and containers in order; commas are placed for
 * the caller. Strings that are not valid UTF-8 are repaired with U+FFFD,
 * so every message we write is valid JSON text.
 */
struct jw {
	struct strbuf b;
	bool comma; /* a value was written at this level */
};

void jw_obj(struct jw *w);
void jw_obj_end(struct jw *w);
void jw_arr(struct jw *w);
void jw_arr_end(struct jw *w);
void jw_key(struct jw *w, const char *key);
void jw_str(struct jw *w, const char *s);
void jw_strn(struct jw *w, const char *s, size_t n);
void jw_int(struct jw *w, long long v);
void jw_bool(struct jw *w, bool v);
void jw_null(struct jw *w);
/* A DOM value; NULL is written as null. */
void jw_json(struct jw *w, const struct json *j);
/* Every element of an array DOM, into the array being written. */
void jw_elements(struct jw *w, const struct json *arr);
/* The text, NUL-terminated; the writer is empty again. */
char *jw_detach(struct jw *w, size_t *len);

/* A DOM value as compact JSON text (malloc). */
char *json_dump(const struct json *j);

#endif
