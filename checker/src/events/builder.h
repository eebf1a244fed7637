/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The builder's state, shared by the files of events/ that turn a TU's
 * AST into events; nothing outside events/ includes this.
 *
 * Primitives are found by the name of the macro expansion that produced a
 * node (macro.c: real kernel headers and our model header alike; one
 * written in a file, or written inside a user macro's definition at any
 * depth, macro_plan.c), then by callee name, then by the C11/GNU builtin
 * (call.c), and last by shape (shapes.c: volatile access, asm "memory").
 */
#ifndef ORDERCHECK_EVENTS_BUILDER_H
#define ORDERCHECK_EVENTS_BUILDER_H

#include <clang-c/Index.h>
#include <time.h>

#include "macros.h"
#include "../util.h"
#include "arena.h"
#include "build.h"

/*
 * The files events point into: display name, text and line starts, read
 * once per TU. (Each clang_getFileContents() or getLocationForOffset()
 * call scans every source-location entry of the TU: kernel TUs have
 * hundreds of thousands.)
 */
struct ir_file {
	CXFile file;
	const char *display;
	const char *buf;
	size_t len;
	unsigned *lines; /* offsets of line starts, built on first use */
	unsigned nlines;
	struct scan_file *scans; /* scans.c's, once looked up */
};

/* The loads a value comes from, and what its computation did to them. */
struct srcset {
	const struct event **v;
	unsigned n, cap;
	/* what the computation did to the dependency (AH_*), and where */
	unsigned how;
	const char *why;
	struct src_span why_span;
};

/* A local variable and the loads its last assigned value came from. */
struct local_val {
	CXCursor decl;
	struct srcset src;
};

/* A callee defined in this TU, seen from its callers. */
/* Bytes [lo, hi) of the main file's text. */
struct pm_span {
	unsigned lo, hi;
};

struct summary {
	CXFile file;
	unsigned off;
	bool done;
	/*
	 * made in a prefix (prefix.c) from what follows it: from the main
	 * file (@tainted_main), whose text it read is in @reads, or from a
	 * header none of the prefix's functions was in yet (@tainted_out)
	 */
	bool tainted, tainted_main, tainted_out;
	/*
	 * Recording a memo: the function whose build made it (an index of
	 * the TU's), and the main file's text it read, its callees'
	 * included (memo_edit.c).
	 */
	unsigned creator;
	struct pm_span *reads;
	unsigned nreads;
	bool rmw; /* an atomic RMW anywhere in it */
	const struct event *first, *last;
	const struct evlist *body; /* all its events (arena) */
	const char **params; /* its parameters' names (arena) */
	unsigned nparams;
};

/* A position in file coordinates. */
struct floc {
	CXFile file;
	unsigned line, col, off;
};

/* A node's extent and its ends as file locations (text_extent()). */
struct ext_memo {
	CXCursor c;
	CXSourceRange r;
	struct floc s, e;
	unsigned have; /* EXT_* */
};

#define EXT_MEMO_SIZE 64

struct builder {
	CXTranslationUnit tu;
	/*
	 * The extents asked for last, by the cursor's hash: a node's is asked
	 * for by several passes in turn, and each costs a lookup of the
	 * source-location entries (a read from the PCH after a re-parse).
	 */
	struct ext_memo ext[EXT_MEMO_SIZE];
	struct arena *arena;
	struct macro_table macros;
	const struct build_opts *opts;
	bool blank_hit; /* it needed a body blanked before the parse */
	struct ir_file **files; /* in order of first use */
	unsigned nfiles;
	struct ir_file **fhash; /* open addressing on the CXFile pointer */
	unsigned fhash_cap;
	struct evlist *cur; /* where events go */
	struct event *parent; /* the branch or loop being filled */
	unsigned flags; /* EVF_IN_COND while in a condition */
	/* inside a claimed primitive: its body nodes make no events */
	struct macro_exp *inside;
	struct event *inside_ev;
	bool in_loc; /* visiting its location argument: p->f in READ_ONCE(p->f) */
	bool loc_seen; /* visited once; later copies (typeof(x)) are skipped */
	/* callee summaries, by the definition's file and offset */
	struct summary *summaries;
	unsigned nsummaries, summaries_cap;
	unsigned *sum_hash, sum_hash_cap; /* index + 1, open addressing */
	struct evlist kept; /* summarised bodies, freed with the TU */
	/* def-use: the loads a value being computed comes from */
	struct srcset *coll;
	struct local_val *locals;
	unsigned nlocals;
	unsigned depth; /* of callees being summarised */
	/*
	 * The macros claimed since the current summary began: a summary
	 * (a callee's body seen from a caller) gives them back, so that
	 * the callee's own build claims them again.
	 */
	struct macro_exp **claims;
	unsigned nclaims, claims_cap;
	/* the prefix memo, recorded or reused (prefix.c) */
	struct prefix_memo *pm;
	int pm_mode; /* PM_* */
	bool pm_prefix; /* before the main file's first function */
	bool pm_poison; /* the prefix leans on what follows: not kept */
	bool pm_taint; /* what is being built read past the prefix */
	bool pm_taint_main, pm_taint_out; /* ...in the main file, another */
	/* recording: the headers prefix_outside() said so of */
	const void **pm_outs;
	unsigned pm_nouts, pm_outs_cap;
	/*
	 * where the last definition of the main file that an untainted
	 * build of the prefix used ends, + 1 (prefix_planned())
	 */
	unsigned pm_watch_end;
	unsigned pm_fn; /* the index of the function being built */
	/* a reuse on a local view (build.h): the record's rest is the memo's */
	bool pm_local;
	/* build the function @name of the prefix at @file, @off, again */
	bool (*pm_build_at)(struct builder *b, const char *file, unsigned off,
			    const char *name);
	void *pm_walk; /* pm_build_at()'s */
	CXFile pm_main; /* the main file, when there is a memo */
	/* recording: the main file's text the builds under way read */
	struct pm_span *pm_reads;
	unsigned pm_nreads, pm_readcap;
	const void **pm_files; /* files of the prefix's functions (a set) */
	unsigned pm_nfiles, pm_cap;
	unsigned *pm_fns_cap; /* the room in the TU's list of functions */
	struct pm_log *pm_log; /* recording: the claims, when */
	unsigned pm_nlog, pm_logcap;
	/* the condition of the if being visited, for compare_note() */
	const CXCursor *cmp_at;
	struct ptr_compare *cmp; /* what compare_note() found there */
};

/* How a visited expression is used. */
enum ctx {
	CTX_LOAD,
	CTX_STORE,
	CTX_RMW,
	CTX_ADDR, /* &x, the base of x.f: names memory, accesses none */
	CTX_LOCATION, /* the location argument of a primitive */
};

/* The first eight children of a cursor, in order, and how many it has. */
struct kids {
	CXCursor v[8];
	unsigned n;
};

/* seen.c: true if @key was already present; inserts it otherwise. */
bool seen_test_and_add(struct seen_set *s, const char *key);

/* phantom.c: copies of header functions built, by "display:offset" */
void phantom_put(struct phantom_set *p, const char *key,
		 const struct function_ir *f);
const struct function_ir *phantom_get(const struct phantom_set *p,
				      const char *key);
struct function_ir *
phantom_place(struct builder *b, const struct function_ir *f, const char *file);

/*
 * scans.c: whether the header function at an offset of a file names a
 * primitive, as an earlier TU of the process found it: 1 or 0, or -1
 * if not known yet.
 */
struct scan_file;
struct scan_file *scans_file(struct scan_memo *m, const char *path, size_t len,
			     time_t mtime);
int scans_get(const struct scan_file *sf, unsigned off);
void scans_put(struct scan_file *sf, unsigned off, bool named);

/* text.c: the source text behind cursors and macro expansions */
struct ir_file *text_file(struct builder *b, CXFile f);
const char *text_display(struct builder *b, CXFile f);
struct floc text_loc(CXSourceLocation l);
/* clang_getCursorExtent(@c), and its ends through text_loc(): remembered */
CXSourceRange text_extent(struct builder *b, CXCursor c);
struct floc text_extent_start(struct builder *b, CXCursor c);
struct floc text_extent_end(struct builder *b, CXCursor c);
bool text_spelled(struct builder *b, CXSourceLocation l, CXFile *f,
		  unsigned *off);
const char *text_of(struct builder *b, CXCursor c);
void text_span_of_cursor(struct builder *b, CXCursor c, struct src_span *sp);
void text_span_of_macro(struct builder *b, const struct macro_exp *m,
			struct src_span *sp);
bool text_is_ident(char c);
/*
 * Whether bytes [@lo, @hi) of @buf name a primitive of any dialect (an
 * identifier vocab_lookup() knows, with VOCAB_NO_HEADER). The text is not
 * preprocessed: a macro that expands to one is not seen.
 */
bool text_names_primitive(const char *buf, size_t lo, size_t hi);
char *text_token_at(struct builder *b, CXFile f, unsigned off);
void text_free_files(struct ir_file **files, unsigned n);

/* cursor.c: what the libclang API does not hand over directly */
struct kids cursor_kids(CXCursor c);
CXCursor cursor_strip(CXCursor c);
CXCursor cursor_strip_casts(CXCursor c);
bool cursor_last_child(CXCursor c, CXCursor *last);
CXCursor cursor_body(CXCursor def);
bool body_was_blanked(struct builder *b, struct floc at);
char *cursor_spelling(CXCursor c);
bool cursor_type_is_pointer(CXType t);
bool cursor_is_local_var(CXCursor ref);
bool cursor_is_zero(CXCursor c);
char *cursor_unary_op(struct builder *b, CXCursor c);
char *cursor_binary_op(struct builder *b, CXCursor c, CXCursor lhs);
const char *cursor_bare_text(struct builder *b, CXCursor c);

/* event.c: new events, and where they go */
struct event *event_new(struct builder *b, enum ev_type type);
void event_push(struct evlist *l, struct event *e);
void event_emit(struct builder *b, struct event *e);
void event_set_prim(struct event *e, const struct vocab_entry *p,
		    const struct build_opts *o);
void event_set_order(struct event *e, int mo, int mo_fail);
void event_free_list(struct evlist *l);

/* defuse.c: the loads each value comes from */
void defuse_add(struct srcset *s, const struct event *e);
void defuse_merge(struct srcset *dst, const struct srcset *src);
void defuse_clear(struct srcset *s);
struct srcset *defuse_begin(struct builder *b, struct srcset *s);
void defuse_end(struct builder *b, struct srcset *outer);
struct local_val *defuse_local(struct builder *b, CXCursor decl, bool add);
void defuse_locals_reset(struct builder *b);
const struct event **defuse_copy(struct builder *b, const struct srcset *s);
void defuse_set_adeps(struct builder *b, struct event *e, struct srcset *s);
void defuse_set_deps(struct builder *b, struct event *e, struct srcset *s);

/* lvalues.c: the location key of what a cursor designates (arena) */
const char *lvalue_key(struct builder *b, CXCursor c);
const char *lvalue_pointee_key(struct builder *b, CXCursor ptr);
/* The location key of field @field (a FieldDecl): "struct ops.start". */
char *lvalue_field_key(CXCursor field);
/* and the path of the object holding the field (events.h's base) */
const char *lvalue_base(struct builder *b, CXCursor c);
const char *lvalue_pointee_base(struct builder *b, CXCursor ptr);
/* the path of what expression @c names, or NULL (events.h's written) */
const char *lvalue_path(struct builder *b, CXCursor c);
/* @text if it is an identifier (a path of one variable), in the arena */
const char *lvalue_path_text(struct builder *b, const char *text);

/* macro.c: primitives written as macros */
/* A C11 primitive (<stdatomic.h>) written inside a user macro, made @c. */
const struct macro_exp *macro_c11_at(struct builder *b, CXCursor c);
bool macro_visit(struct builder *b, CXCursor c, enum ctx ctx);
bool macro_visit_empty(struct builder *b, CXCursor c);
bool macro_visit_inside(struct builder *b, CXCursor c, enum ctx ctx);

/* call.c: primitives written as calls and builtins */
void call_visit(struct builder *b, CXCursor c);
bool call_visit_atomic_expr(struct builder *b, CXCursor c);

/* lexstate.c: where a byte of C text is, as the preprocessor reads it */
enum lex_state { LEX_CODE, LEX_BLOCK, LEX_LINE, LEX_STR, LEX_CHR };
/*
 * Move @st over the byte at @i of @buf (@len bytes): returns the bytes
 * that took (two for a comment's opening or end, an escape, more for a
 * backslash-newline), or 0 when a newline ends a // comment or a literal
 * left open: @st is then LEX_CODE and the newline is yet to be read.
 */
size_t lex_step(const char *buf, size_t len, size_t i, enum lex_state *st);
/* A blank between tokens, the newline included. */
bool lex_blank(char c);

/* includes.c: the memo of build.h; get returns false when it is stale */
bool include_memo_get(struct include_memo *m, CXTranslationUnit tu, CXFile main,
		      enum oc_dialect *d, bool *found);
void include_memo_put(struct include_memo *m, CXTranslationUnit tu, CXFile main,
		      char **paths, unsigned n, enum oc_dialect d, bool found);

/* prefix.c: the prefix memo of build.h */
enum { PM_OFF, PM_RECORD, PM_REUSE };
struct tu_ir;
/* Before the walk: record or reuse; false when a reuse cannot go on. */
/* @cap: out->fns's room, when it makes it */
bool prefix_begin(struct builder *b, struct tu_ir *out, CXFile main,
		  bool includes_same, unsigned *cap);
/*
 * Before macros_done(), on a local view: the entries of the preamble
 * from the memo's copy of the record (memo_pp.c); false if they cannot
 * be told.
 */
bool prefix_splice(struct builder *b, CXFile main);
/* memo_pp.c: the prefix memo's copy of the preprocessing record */
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
/* After macros_done(): ready to give the prefix's claims back. */
bool prefix_claims(struct builder *b, CXFile main);
/* A function of the prefix in @f (record). */
void prefix_visit(struct builder *b, CXFile f);
/*
 * Reuse: whether the function at @at, @c, is one of the prefix's to
 * build again (it read past the prefix); the kept ones before it are
 * added to @out and what they did to the builder's state is redone.
 */
bool prefix_rebuild(struct builder *b, struct tu_ir *out, struct floc at,
		    CXCursor c);
/*
 * A function was built at @at (record): @taint, a header function of
 * the prefix that read past it (b->pm_taint_main, b->pm_taint_out say
 * where), or one of the rest that is never kept; its build read the main
 * file's text in b->pm_reads.
 */
void prefix_built(struct builder *b, struct floc at, bool taint);
/*
 * Recording: the build under way used @u's plan, which may have looked
 * up a definition the main file makes past the prefix: one such in a
 * build the memo keeps means it is not kept. A tainted build is made
 * again at each reuse, in a table with the definitions of that text.
 */
void prefix_planned(struct builder *b, const struct macro_exp *u);
/* Recording: the build under way read [@lo, @hi) of the main file. */
void prefix_read(struct builder *b, unsigned lo, unsigned hi);
/*
 * Reuse, past the prefix: the main file's function at @at, @name, which
 * this check would build, is the memo's next one and read only text
 * before the first byte the edit changed; it is added to @out, and what
 * its build did to the builder's state is done again (1). 0 when it is
 * not: from there on every function is built. -1: the memo did not fit.
 */
int prefix_take(struct builder *b, struct tu_ir *out, struct floc at,
		const char *name);
/* A header function's key for the seen set, built in the prefix. */
void prefix_seen_key(struct builder *b, const char *key);
/* @m was claimed by the function being built (record). */
void prefix_claimed(struct builder *b, struct macro_exp *m);
/*
 * A callee without a definition (record): the main file may define it
 * later, and then what the prefix's caller makes changes.
 */
void prefix_undefined(struct builder *b, CXCursor callee);
/* The main file defines @name: false if a kept function called it. */
bool prefix_main_def(struct builder *b, const char *name);
/* A callee defined in @f: in a file past the prefix (record)? */
bool prefix_outside(struct builder *b, CXFile f);
/* At the main file's first function @fn: false if the reuse is wrong. */
bool prefix_end(struct builder *b, struct tu_ir *out, CXFile main, CXCursor fn);
/* After the walk, before the macro table is freed (record). */
void prefix_walked(struct builder *b, struct tu_ir *out);
/* After the walk: the memo takes what it keeps. */
void prefix_finish(struct builder *b, struct tu_ir *out);
/* A reuse went wrong (its IR freed already): the memo is forgotten. */
void prefix_fail(struct prefix_memo *m);
/*
 * The prefix's summary of the definition at @f:@off (reuse), appended
 * to b->summaries (not indexed), or NULL.
 */
struct summary *prefix_summary(struct builder *b, CXFile f, unsigned off);
/* @display's interned copy, stable between the builds of one memo. */
const char *prefix_display(struct builder *b, const char *display);

/* memo_edit.c: an edit of the main file, for the prefix memo */
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
bool memo_edit_keeps(const struct memo_edit *e, const struct pm_span *r,
		     unsigned n);
/* An offset of the old text in the new one (after the edit: moved). */
unsigned memo_edit_off(const struct memo_edit *e, unsigned off);
void memo_edit_spans(const struct memo_edit *e, struct pm_span *r, unsigned n);
/* Move the spans written in @main (the interned display) after the edit. */
void memo_edit_events(const struct memo_edit *e, const char *main,
		      const struct evlist *l);
void memo_edit_function(const struct memo_edit *e, const char *main,
			struct function_ir *f);
/* Sort @r and join the spans that touch: how many are left. */
unsigned pm_spans_merge(struct pm_span *r, unsigned n);

/* summary.c: a callee defined in this TU, as its first and last events */
struct summary *summary_of(struct builder *b, CXCursor call);
/* Whether this build has a summary of the definition at @f:@off. */
bool summary_known(const struct builder *b, CXFile f, unsigned off);
/* A new, zeroed summary at the end of the builder's: pointers into them move. */
struct summary *summary_new(struct builder *b);

/* shapes.c: what is left when no primitive's name is known */
struct event *shapes_access(struct builder *b, CXCursor c, enum ctx ctx);
void shapes_asm(struct builder *b, CXCursor c);

/* fold.c: conditions the compiler can decide */
void fold_set(struct builder *b, struct event *e, CXCursor cond);

/* compare.c: a branch on a pointer comparison */
void compare_note(struct builder *b, const CXCursor *kd, const char *op,
		  const struct srcset *l, const struct srcset *r);

/* stmt.c: statements that make branches and loops */
void stmt_if(struct builder *b, CXCursor c);
void stmt_return(struct builder *b, CXCursor c);
void stmt_loop(struct builder *b, CXCursor c, enum CXCursorKind k);
void stmt_switch(struct builder *b, CXCursor c);
void stmt_conditional(struct builder *b, CXCursor c);

/* expr.c: expressions, their accesses and where their values come from */
void expr_binary(struct builder *b, CXCursor c, bool compound);
void expr_unary(struct builder *b, CXCursor c, enum ctx ctx);
void expr_member(struct builder *b, CXCursor c, enum ctx ctx);
void expr_subscript(struct builder *b, CXCursor c, enum ctx ctx);
void expr_declref(struct builder *b, CXCursor c, enum ctx ctx);
void expr_var_decl(struct builder *b, CXCursor c);
void expr_cast(struct builder *b, CXCursor c, enum ctx ctx);

/* visit.c: every cursor to the file that makes its events */
void visit(struct builder *b, CXCursor c, enum ctx ctx);
void visit_all(struct builder *b, CXCursor c, enum ctx ctx);
void visit_node(struct builder *b, CXCursor c, enum ctx ctx);

#endif
