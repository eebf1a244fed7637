/* SPDX-License-Identifier: GPL-2.0 */
/*
 * JSON for every sink and for the language server, through jansson: values
 * from our strings (build.c), text in and out (text.c), lookups that
 * tolerate what a peer sends (lookup.c).
 *
 * One UTF-8 policy for all of them: a byte that is not valid UTF-8 (a
 * Latin-1 "caf\xe9" quoted from a source file) becomes U+FFFD, and so does
 * a lone UTF-16 surrogate escape in text we read. Every JSON text we write
 * is valid, and text a client wrote in a legacy encoding is still read.
 * Use "s" in jsonio_pack() formats for C literals only; a string that came
 * from a file, a compiler or a peer goes in as jsonio_str() with "o".
 */
#ifndef ORDERCHECK_JSON_JSONIO_H
#define ORDERCHECK_JSON_JSONIO_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * A string value, repaired if need be; NULL is "". Like every function
 * here that makes a value, it aborts when memory runs out, as xmalloc().
 */
json_t *jsonio_str(const char *s);
/* The same for @n bytes, which may hold NULs. */
json_t *jsonio_strn(const char *s, size_t n);

/* json_pack(), which must succeed: a bad format is our bug. */
json_t *jsonio_pack(const char *fmt, ...);

/* Set @key of @obj to @v, or append @v to @arr; @v is owned by them now. */
void jsonio_set(json_t *obj, const char *key, json_t *v);
void jsonio_push(json_t *arr, json_t *v);

/*
 * Parse one value (an object, an array or a scalar) from s[0..len),
 * repaired as above. NULL on error, with *err saying why (malloc) if @err.
 */
json_t *jsonio_parse(const char *s, size_t len, char **err);

/* Compact text, NUL-terminated (malloc); *len without the NUL. */
char *jsonio_dump(const json_t *j, size_t *len);
/* Compact text and a newline to @out: one line per document. */
int jsonio_write(FILE *out, const json_t *j);

/* Dotted path of object keys ("params.textDocument.uri"), or NULL. */
json_t *jsonio_path(const json_t *j, const char *path);
/* An exactly representable integer (1, 2.0; not 1.5 or 1e300). */
bool jsonio_get_int(const json_t *j, long long *out);
/* A string array holds @s. */
bool jsonio_has_str(const json_t *arr, const char *s);

#endif
