/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The seam between the builder and what is kept between builds: the
 * editor's memo of one document (memo/) and a worker's memo of the TUs it
 * parses (bodies/). The builder calls out through struct build_hooks and
 * hands each build's effects record over; the memos call back only
 * through the accessors below. Nothing outside events/ sees the
 * builder's state (builder.h), so no memo can drift from it.
 * docs/incremental.md says what each memo keeps and why that is what a
 * fresh build would make.
 */
#ifndef ORDERCHECK_EVENTS_SEAM_H
#define ORDERCHECK_EVENTS_SEAM_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "macros.h"
#include "tu.h"

struct builder;

/* Bytes [lo, hi) of the main file's text. */
struct text_span {
	unsigned lo, hi;
};

/* A position in file coordinates. */
struct floc {
	CXFile file;
	unsigned line, col, off;
};

/* What a build read of the text after the prefix (build_hooks.taint). */
enum {
	FX_MAIN = 1, /* the main file's */
	FX_OUT = 2, /* a header none of the prefix's functions was in yet */
};

/*
 * What one build (a function's, or a callee summary's inside it) did
 * besides its events: what a memo keeps so that a later build can take
 * the function instead of building it, and do again what the build did
 * to the builder's state.
 */
struct build_effects {
	unsigned fn; /* the index of the function among the TU's */
	unsigned taint; /* FX_*: it read past the prefix */
	/* the main file's text it read, its callees' included */
	struct text_span *reads;
	unsigned nreads, readcap;
	/* the macro expansions it claimed (not its callee summaries') */
	struct macro_exp **claims;
	unsigned nclaims, claimcap;
	char *seen; /* a header function's key in the seen set, or NULL */
};

/* A callee defined in this TU, seen from its callers. */
struct summary {
	CXFile file;
	unsigned off;
	bool done;
	bool rmw; /* an atomic RMW anywhere in it */
	const struct event *first, *last;
	const struct evlist *body; /* all its events (arena) */
	const char **params; /* its parameters' names (arena) */
	unsigned nparams;
	/* what its build did (arena), or NULL when no memo asked */
	struct build_effects *fx;
};

/* What the walk does with a function definition it wants. */
enum build_choice {
	BUILD_IT, /* build it */
	BUILD_TAKEN, /* a kept copy took its place */
	BUILD_GIVE_UP, /* the build fails: see the memo's reason */
};

/*
 * What the builder asks of what is kept. Each member may be NULL, and
 * build_opts.hooks too: a build then keeps nothing and takes nothing.
 * @ctx is build_opts.hooks_ctx.
 */
struct build_hooks {
	/* fill each build's effects record and hand it to @built */
	bool effects;
	/*
	 * The dialect the TU's inclusions voted for the last time, if they
	 * are as they were; false: they are voted on, and @dialect_voted is
	 * told what they are (the main file's excluded).
	 */
	bool (*dialect)(void *ctx, CXTranslationUnit tu, CXFile main,
			enum oc_dialect *d, bool *found);
	void (*dialect_voted)(void *ctx, CXTranslationUnit tu, CXFile main,
			      char **paths, unsigned n, enum oc_dialect d,
			      bool found);
	/* Before the walk; false when a reuse cannot go on. */
	bool (*begin)(void *ctx, struct builder *b, CXFile main,
		      bool includes_same);
	/* The macro table before and after macros_done(). */
	bool (*splice)(void *ctx, struct builder *b, CXFile main);
	bool (*table_done)(void *ctx, struct builder *b, CXFile main);
	/*
	 * Every function declaration the walk reaches, wanted or not:
	 * BUILD_TAKEN, the memo has it (the walk skips it); BUILD_IT, the
	 * walk goes on, *@again set if the memo wants it built again here.
	 */
	enum build_choice (*decl)(void *ctx, struct builder *b, CXCursor c,
				  struct floc at, bool *again);
	/* The question: a definition the walk wants, at @at, named @name. */
	enum build_choice (*choose)(void *ctx, struct builder *b,
				    struct floc at, const char *name,
				    bool in_main);
	/* A function was built; @fx is the builder's until it returns. */
	void (*built)(void *ctx, struct builder *b, const struct function_ir *f,
		      struct floc at, const struct build_effects *fx);
	/* A callee defined in @f is summarised: FX_* if @f is past the prefix */
	unsigned (*taint)(void *ctx, CXFile f);
	/* A kept summary of the definition at @f:@off, or NULL. */
	const struct summary *(*summary)(void *ctx, CXFile f, unsigned off);
	/* A callee without a definition, by name. */
	void (*undefined)(void *ctx, const char *name);
	/* The build under way (@taint so far) used @u's plan. */
	void (*planned)(void *ctx, const struct macro_exp *u, unsigned taint);
	/* @display's copy, stable as long as what is kept. */
	const char *(*intern)(void *ctx, const char *display);
	/* After the walk, before the macro table is freed: false, it failed. */
	bool (*walked)(void *ctx, struct builder *b, struct tu_ir *out);
	/* After the walk: @ok, the memo takes what it keeps. */
	void (*end)(void *ctx, struct builder *b, struct tu_ir *out, bool ok);
	/* The build failed: it is made again, whole; nothing is taken. */
	void (*fail)(void *ctx);
	/*
	 * Whether the text of the header function @fn at @at names a
	 * primitive (build_names_primitive()), as remembered.
	 */
	bool (*names_primitive)(void *ctx, struct builder *b, CXCursor fn,
				struct floc at);
	/*
	 * Whether the body of the function whose name is at @off of @f was
	 * blanked before the parse: BLANKED, or BLANKED_PRIM if its text (as
	 * it was) names a primitive; 0 if not.
	 */
	int (*blanked)(void *ctx, CXFile f, unsigned off);
};
#define BLANKED 1
#define BLANKED_PRIM 2

/* What the memos ask of the builder. */
CXTranslationUnit build_tu(const struct builder *b);
/* The text of @f as this build read it, or NULL. */
const char *build_text(struct builder *b, CXFile f, size_t *len);
const char *build_display(struct builder *b, CXFile f);
struct floc build_start(struct builder *b, CXCursor c);
struct macro_table *build_macros(struct builder *b);
/* The files events point into, in order of first use. */
unsigned build_nfiles(const struct builder *b);
CXFile build_file(const struct builder *b, unsigned i);
/* The callee summaries made so far. */
struct summary *build_summaries(struct builder *b, unsigned *n);
bool build_summary_known(const struct builder *b, CXFile f, unsigned off);
/* A kept function, in the walk's order; room for @n more first. */
void build_reserve(struct builder *b, unsigned n);
void build_push(struct builder *b, struct function_ir *f);
/* The key of the header function at @at: the seen set's, the copies'. */
char *build_header_key(struct builder *b, struct floc at);
/* A header function the seen set has (true), or has now. */
bool build_seen(struct builder *b, const char *key);
/* Build the function @name at @file:@off again, in the walk's place. */
bool build_again(struct builder *b, const char *file, unsigned off,
		 const char *name);
/* Whether the text of the header function @fn names a primitive. */
bool build_names_primitive(struct builder *b, CXCursor fn);
/* A copy of @f, built by another TU, for this one, shown in @display. */
struct function_ir *build_copy(struct builder *b, const struct function_ir *f,
			       const char *display);
/* The build needs a body that was blanked: it gives up. */
void build_need_bodies(struct builder *b);
bool build_needs_bodies(const struct builder *b);
/* Whether a build is a local view (build.h). */
bool build_local_view(const struct builder *b);
struct floc build_loc(CXSourceLocation l);

/* Sort @r and join the spans that touch: how many are left. */
unsigned text_spans_merge(struct text_span *r, unsigned n);

#endif
