/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Location keys: the one module that spells, reads back and shows the text
 * naming a shared object.
 *
 * Events, facts and the store keep a key as text (interned, sorted, joined
 * on across files); struct key is that text read back. The forms:
 *
 *	global:x		a variable with external linkage
 *	global:x@file.c		a static one, told apart by its file's name
 *	struct foo.bar		a field, by its record ("union u.x" for an
 *				anonymous union)
 *	param:p, local:x	a parameter or a local of one function
 *
 * each behind any number of '*' (the object a pointer designates) or '&'
 * (its address) and followed by any number of "[]" (an element).
 */
#ifndef ORDERCHECK_EVENTS_KEYS_H
#define ORDERCHECK_EVENTS_KEYS_H

#include <stdbool.h>
#include <stddef.h>

enum key_kind {
	KEY_NONE, /* not a key this module writes */
	KEY_GLOBAL,
	KEY_STATIC,
	KEY_FIELD,
	KEY_PARAM,
	KEY_LOCAL,
};

/* A part of a key's text: @len bytes from @s (not NUL-terminated). */
struct key_part {
	const char *s;
	size_t len;
};

struct key {
	enum key_kind kind;
	struct key_part ops; /* the leading '*' and '&', outermost first */
	unsigned elems; /* trailing "[]" */
	bool in_union; /* KEY_FIELD: "union u.x" */
	struct key_part record; /* KEY_FIELD: "foo" of "struct foo.bar" */
	struct key_part name; /* the field, variable or parameter */
	struct key_part file; /* KEY_STATIC: the defining file's base name */
};

/* Read @text back; false (and kind KEY_NONE) if it is not a key. */
bool keys_parse(const char *text, struct key *k);

/*
 * Spelling keys (malloced). @path of a static is its file as the compiler
 * names it: only its base name is kept, so that the key does not depend
 * on where the tree lies. @record is as clang spells the record: "foo",
 * "struct (anonymous at /path/f.h:3:2)".
 */
char *keys_global(const char *name);
char *keys_static(const char *name, const char *path);
char *keys_param(const char *name);
char *keys_local(const char *name);
char *keys_field(const char *record, const char *field);
char *keys_elem(const char *inner); /* inner[] */
/* The object a pointer with key @inner designates: *&x is x, p -> *p. */
char *keys_deref(const char *inner);
char *keys_addr(const char *inner); /* &inner */

/*
 * A key that names the same object in every function and file (a field,
 * a global, a static), not a parameter or a local, nor what one points to.
 */
bool keys_shared(const char *text);

/* A local variable or a parameter itself, not what it points at: only its
 * function sees it. */
bool keys_private(const char *text);

/* Fields of one struct (not a union), both named directly. */
bool keys_same_struct(const char *a, const char *b);

/* A field of struct @tag, named directly: keys_of_struct(k, "sock"). */
bool keys_of_struct(const char *text, const char *tag);

enum keys_style {
	/* a global or static by its name ("x"), anything else as it is */
	KEYS_MESSAGE,
	/* also a field without its record's keyword ("foo.bar"), and no
	 * file anywhere: names for a litmus test's variables */
	KEYS_NAME,
};

/*
 * What a user sees of @text, in @style: always a part of it, returned as
 * its start, and *len bytes long. A static's file is never shown, nor
 * what follows it.
 */
const char *keys_shown(const char *text, enum keys_style style, int *len);

#endif
