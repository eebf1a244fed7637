/* SPDX-License-Identifier: GPL-2.0 */
/* The macro expansions of a translation unit, from its preprocessing record. */
#ifndef ORDERCHECK_MACROS_H
#define ORDERCHECK_MACROS_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "../vocab/vocab.h"

#define MACRO_MAX_ARGS 8

/*
 * A token of a macro's expansion, computed from the definitions' text
 * (macro_plan.c): where it is spelled, so that a node of the AST can be
 * told by the spelling of its first token (clang_getToken()).
 */
struct macro_tok {
	CXFile file; /* NULL: made by # or ## */
	const char *text; /* in the file's buffer, @len bytes */
	unsigned off, len;
};

/*
 * A primitive written inside a macro's definition, however deep, with
 * what the user macros around it substituted: macro_plan.c finds them.
 */
struct macro_nested {
	/*
	 * The definitions its expansion is spelled in: its own and those
	 * it uses, however deep. A node made from it starts with a token
	 * spelled in one of them (and not in an argument).
	 */
	struct macro_def **defs;
	unsigned ndefs;
	unsigned nargs;
	struct macro_tok *args[MACRO_MAX_ARGS]; /* each argument's tokens */
	unsigned arg_ntok[MACRO_MAX_ARGS];
};

struct macro_exp {
	CXFile file;
	unsigned ord; /* its place among the record's entries */
	unsigned off, end_off; /* file offsets of the name and after ')' */
	const struct vocab_entry *prim; /* NULL: not a primitive */
	char *name; /* only for primitives */
	/*
	 * defined in a C11-model dialect's header (<stdatomic.h>,
	 * vocab_header_dialect()): C11's, named only (call.c)
	 */
	bool c11;
	int header; /* the dialect whose header defines it, or VOCAB_NO_HEADER */
	bool claimed; /* an event was made from it */
	bool args_split;
	unsigned nargs;
	unsigned arg_off[MACRO_MAX_ARGS], arg_end[MACRO_MAX_ARGS];
	struct macro_exp *outer; /* outermost expansion holding this one */
	/* a user macro: the primitives its expansion writes (macro_plan.c) */
	bool plan_done;
	/*
	 * where the last definition its plan looked up in the table's
	 * @watch ends, + 1; 0 if none (memo/prefix.c)
	 */
	unsigned watch_end;
	unsigned nplan;
	struct macro_exp **plan;
	struct macro_nested *nested; /* a primitive from such a plan */
};

/* A #define of the TU, as written: the name to the end of its body. */
struct macro_def {
	const char *name; /* in @spelling, or the prefix memo's */
	unsigned ord; /* its place among the record's entries */
	CXString spelling;
	/*
	 * Where it is written, read from its cursor when a lookup first
	 * finds it (macros_def()): a TU has tens of thousands, and few are
	 * looked up. @written: in a file (not -D or the builtins).
	 */
	CXCursor cursor;
	bool placed, written;
	CXFile file;
	unsigned off, end;
	bool fn; /* function-like */
	/* lexed on first use (macro_plan.c): name, parameters, body */
	bool lexed, va;
	struct macro_tok *toks;
	unsigned ntoks, body; /* toks[body..] is the replacement list */
	unsigned nparams, *params; /* indexes into toks; "..." is __VA_ARGS__ */
};

/* Where an entry of the preprocessing record starts. */
struct macro_place {
	CXFile file; /* NULL: none yet, or in no file */
	unsigned off, ord;
	enum CXCursorKind kind;
};

/* The text of the files definitions are read from, fetched once. */
struct macro_file {
	CXFile file;
	const char *buf;
	size_t len;
};

struct macro_table {
	struct macro_exp *v;
	unsigned n;
	struct macro_def *defs;
	unsigned ndefs, defs_cap;
	unsigned *def_hash; /* open addressing, index + 1; last one wins */
	unsigned def_hash_cap;
	struct macro_file *files;
	unsigned nfiles;
	unsigned cap; /* of v, while collecting */
	CXTranslationUnit tu;
	/*
	 * Definitions looked up in @watch (set by the caller; NULL: none):
	 * each plan keeps where the last of them ends (macro_exp).
	 */
	CXFile watch;
	unsigned watch_end; /* of the plan being made */
	unsigned nseen; /* the record's entries walked so far */
	/*
	 * @local: the TU shows only the entries it parsed after its
	 * preamble (a re-parse under an index that excludes the PCH's
	 * declarations); the rest come from the prefix memo. Then each
	 * definition is placed at once, and @first is the first entry
	 * written in a file (the -D ones come again before it) of those
	 * the memo keeps: a definition, an #include line, an expansion
	 * that starts and ends in one file.
	 */
	bool local;
	struct macro_place first;
	/* @keep_incs: the #include lines, for the prefix memo to record */
	bool keep_incs;
	struct macro_place *incs;
	unsigned nincs, incs_cap;
	/* the text of the tokens ## made (macro_plan.c) */
	struct strset *pasted;
};

/*
 * Record every expansion; primitives get their vocabulary entry. The
 * preprocessing record comes first in a walk of the TU's cursors: a walk
 * that wants the declarations too gives each of its cursors to
 * macros_add() until it is not the record's, then calls macros_done()
 * (one walk of the record costs much after a re-parse on a preamble,
 * whose entries are read back from the PCH).
 */
void macros_begin(CXTranslationUnit tu, struct macro_table *mt);
/* False when @c is not the preprocessing record's: the table is done. */
bool macros_add(struct macro_table *mt, CXCursor c);
void macros_done(struct macro_table *mt);
/* Where the definition @d is written; false if in no file. */
bool macros_placed(struct macro_def *d);
/* Room for one more definition, zeroed (the prefix memo's, given back). */
struct macro_def *macros_new_def(struct macro_table *mt);
/* Room for one more expansion, zeroed. */
struct macro_exp *macros_new_exp(struct macro_table *mt);
void macros_free(struct macro_table *mt);

/*
 * Where the expansions written in @file from @off on start in the table
 * (sorted by file, then offset): the index of the first, or mt->n.
 */
unsigned macros_from(const struct macro_table *mt, CXFile file, unsigned off);

/* The expansion whose name starts at @off in @file, or NULL. */
struct macro_exp *macros_at(const struct macro_table *mt, CXFile file,
			    unsigned off);

/* Whether an expansion written in @file holds [@off, @end]. */
bool macros_covering(const struct macro_table *mt, CXFile file, unsigned off,
		     unsigned end);

/*
 * Split the invocation's arguments at top-level commas, reading @buf, the
 * text of m->file (strings, characters and comments are skipped over).
 */
void macros_split_args(struct macro_exp *m, const char *buf, size_t len);

/* The definition named @name (the last one of the TU), or NULL. */
struct macro_def *macros_def(struct macro_table *mt, const char *name,
			     size_t len);

/* The text of @f (filetext_of() once per file). */
const char *macros_file_text(struct macro_table *mt, CXFile f, size_t *len);

/*
 * macro_plan.c: fill @u's plan, the primitives its expansion writes
 * however deep in user macros (the outermost primitive of each nest;
 * user macros are transparent), once.
 */
void macros_plan(struct macro_table *mt, struct macro_exp *u);

/*
 * The dialect a primitive's definition @d (of @name) makes it: its
 * header's (<stdatomic.h>, vocab_header_dialect()); for a C11 name a
 * project defines itself over the builtins, "#define
 * atomic_load_explicit(p, o) __atomic_load_n(p, o)" where <stdatomic.h>
 * is missing, C11's as if from its header (the builtin under it orders,
 * as under <stdatomic.h>'s); else VOCAB_NO_HEADER.
 */
int macros_def_header(struct macro_table *mt, struct macro_def *d,
		      const char *name);

#endif
