/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pieces of the editor's memo of one document (memo.h): the include
 * memo (includes.c), an edit of the main file (edit.c) and the copy of
 * the preprocessing record (pp.c), which the prefix memo (prefix.c) is
 * made of. Nothing outside memo/ includes this.
 */
#ifndef ORDERCHECK_MEMO_KEPT_H
#define ORDERCHECK_MEMO_KEPT_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

#include "../events/lex.h"
#include "../events/seam.h"
#include "../util.h"

/*
 * includes.c: the dialect a TU's inclusions vote for
 * (clang_getInclusions(), which reads every source-location entry of a
 * precompiled preamble), kept between re-checks of one file: valid while
 * the main file's preprocessor lines and every file it includes are as
 * they were. get returns false when it is stale.
 */
struct include_memo;
struct include_memo *include_memo_new(void);
void include_memo_free(struct include_memo *m);
bool include_memo_get(struct include_memo *m, CXTranslationUnit tu, CXFile main,
		      enum oc_dialect *d, bool *found);
void include_memo_put(struct include_memo *m, CXTranslationUnit tu, CXFile main,
		      char **paths, unsigned n, enum oc_dialect d, bool found);

/* pp.c: the prefix memo's copy of the preprocessing record */
struct pp_memo;
/* A copy of @mt, complete and done (macros_done()). */
struct pp_memo *pp_memo_record(struct macro_table *mt, CXFile main);
void pp_memo_free(struct pp_memo *p);
/*
 * Into @mt, a local view's table not yet done, the entries of @p's
 * record before the view's first, which @p0, the main file's first
 * function, follows; @taken: how many.
 */
bool pp_memo_splice(const struct pp_memo *p, struct macro_table *mt,
		    CXFile main, unsigned p0, unsigned *taken);

/* edit.c: an edit of the main file, for the prefix memo */
struct memo_edit {
	bool same; /* no byte changed */
	bool directive; /* a preprocessor line changed: nothing is kept */
	/*
	 * @code: it changed code, not only blanks and comments; @relexed:
	 * what follows it is lexed otherwise (a comment opened or closed)
	 */
	bool code, relexed;
	unsigned from; /* the first byte changed */
	unsigned after; /* the first line after the edit, in the old text */
	long delta; /* bytes added from there */
	int lines; /* lines added */
};
void memo_edit_of(struct memo_edit *e, const char *old, size_t olen,
		  const char *now, size_t nlen);
/* Whether a build that read @r (@n spans) made what a fresh one makes. */
bool memo_edit_keeps(const struct memo_edit *e, const struct text_span *r,
		     unsigned n);
/* An offset of the old text in the new one (after the edit: moved). */
unsigned memo_edit_off(const struct memo_edit *e, unsigned off);
void memo_edit_spans(const struct memo_edit *e, struct text_span *r,
		     unsigned n);
/* Move the spans written in @main (the interned display) after the edit. */
void memo_edit_events(const struct memo_edit *e, const char *main,
		      const struct evlist *l);
void memo_edit_function(const struct memo_edit *e, const char *main,
			struct function_ir *f);

#endif
