/* SPDX-License-Identifier: GPL-2.0 */
/* The macro expansions of a translation unit, from its preprocessing record. */
#ifndef ORDERCHECK_MACROS_H
#define ORDERCHECK_MACROS_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "vocab.h"

#define MACRO_MAX_ARGS 8

struct macro_exp {
	CXFile file;
	unsigned off, end_off; /* file offsets of the name and after ')' */
	const struct vocab_entry *prim; /* NULL: not a primitive */
	char *name; /* only for primitives */
	bool c11; /* defined in <stdatomic.h> (vocab_scoped_header()): C11's */
	bool claimed; /* an event was made from it */
	bool args_split;
	unsigned nargs;
	unsigned arg_off[MACRO_MAX_ARGS], arg_end[MACRO_MAX_ARGS];
	struct macro_exp *outer; /* outermost expansion holding this one */
};

struct macro_table {
	struct macro_exp *v;
	unsigned n;
};

/* Record every expansion; primitives get their vocabulary entry. */
int macros_collect(CXTranslationUnit tu, struct macro_table *mt);
void macros_free(struct macro_table *mt);

/* The expansion whose name starts at @off in @file, or NULL. */
struct macro_exp *macros_at(const struct macro_table *mt, CXFile file,
			    unsigned off);

/*
 * Split the invocation's arguments at top-level commas, reading @buf, the
 * text of m->file (strings, characters and comments are skipped over).
 */
void macros_split_args(struct macro_exp *m, const char *buf, size_t len);

#endif
