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
#include "cursor.h"
#include "lex.h"
#include "seam.h"

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
	/* what is kept between builds, and what this one did (seam.h) */
	const struct build_hooks *hooks;
	void *hooks_ctx;
	/* the effects of the function being built, if hooks->effects */
	struct build_effects fx;
	struct fn_walk *walk; /* tu.c's */
	CXFile main_file;
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
char *text_token_at(struct builder *b, CXFile f, unsigned off);
void text_free_files(struct ir_file **files, unsigned n);

/* cursor.c: what the libclang API does not hand over directly */
struct kids cursor_kids(CXCursor c);
CXCursor cursor_strip(CXCursor c);
CXCursor cursor_strip_casts(CXCursor c);
bool cursor_last_child(CXCursor c, CXCursor *last);
bool body_was_blanked(struct builder *b, struct floc at);
bool cursor_type_is_pointer(CXType t);
bool cursor_is_local_var(CXCursor ref);
/* The value of @c where the compiler can tell it is an integer. */
bool cursor_int_value(CXCursor c, long long *v);
bool cursor_is_zero(CXCursor c);
/* A constant integer in decimal (arena), or NULL: a bitop's bit. */
const char *cursor_constant_text(struct builder *b, CXCursor c);
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

/* effects.c: the effects record of the build under way (seam.h) */
bool effects_on(const struct builder *b);
void effects_reset(struct builder *b, unsigned fn);
void effects_read(struct builder *b, unsigned lo, unsigned hi);
void effects_claim(struct builder *b, struct macro_exp *m);
void effects_free(struct build_effects *fx);

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
