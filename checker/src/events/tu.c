// SPDX-License-Identifier: GPL-2.0
/* Walking a translation unit: which function definitions get an IR. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "bindings.h"
#include "builder.h"

struct fn_walk {
	struct builder *b;
	struct tu_ir *out;
	CXFile main_file;
	unsigned cap;
	bool failed; /* a reuse of the prefix memo went wrong */
	bool rebuild; /* this one the prefix memo builds again */
	bool decls; /* past the preprocessing record: the table is done */
};

static void build_function(struct fn_walk *w, CXCursor fn, CXCursor body,
			   const char *name, struct floc at, bool repeat)
{
	struct builder *b = w->b;
	struct function_ir *f = arena_alloc(&b->arena, sizeof(*f));

	f->name = arena_strdup(&b->arena, name);
	text_span_of_cursor(b, fn, &f->span);
	f->in_header = at.file != w->main_file;
	f->repeat = repeat;
	b->cur = &f->body;
	b->parent = NULL;
	b->flags = 0;
	b->inside = NULL;
	b->coll = NULL;
	effects_reset(b, w->out->nfns);
	/* a function written across files (a macro's) is never kept */
	if (!f->in_header)
		effects_read(b, f->span.off,
			     f->span.end_off >= f->span.off &&
					     !strcmp(f->span.file,
						     text_display(b, at.file)) ?
				     f->span.end_off :
				     UINT_MAX);
	defuse_locals_reset(b);
	visit(b, body, CTX_LOAD);
	if (b->hooks && b->hooks->built)
		b->hooks->built(b->hooks_ctx, b, f, at, &b->fx);
	free(b->fx.seen);
	b->fx.seen = NULL;
	build_push(b, f);
}

/*
 * Whether a header function's text names any primitive. Kernel headers
 * hold thousands of inline functions per file; one that names none has no
 * event a rule anchors on, and its events are still built on demand when
 * a caller needs its summary. Scanning the text is much cheaper than
 * walking its AST through libclang.
 */
static bool names_a_primitive(struct builder *b, CXCursor fn)
{
	struct floc s = text_extent_start(b, fn);
	struct floc e = text_extent_end(b, fn);
	struct ir_file *fi = s.file ? text_file(b, s.file) : NULL;

	if (!fi || !fi->buf || e.file != s.file || e.off > fi->len)
		return true;
	return text_names_primitive(fi->buf, s.off, e.off);
}

bool build_names_primitive(struct builder *b, CXCursor fn)
{
	return names_a_primitive(b, fn);
}

/* names_a_primitive(), or what a worker remembers of it */
static bool names_a_primitive_memo(struct builder *b, CXCursor fn,
				   struct floc at)
{
	if (b->hooks && b->hooks->names_primitive)
		return b->hooks->names_primitive(b->hooks_ctx, b, fn, at);
	return names_a_primitive(b, fn);
}

/* A header function not worth building: it names no primitive. */
static bool skip_header_function(struct builder *b, CXCursor fn,
				 const char *name, struct floc at)
{
	return vocab_implements(name) || !names_a_primitive_memo(b, fn, at);
}

char *build_header_key(struct builder *b, struct floc at)
{
	return xasprintf("%s:%u", text_display(b, at.file), at.off);
}

/*
 * A header function an earlier TU of this process built already: its
 * findings and facts were given then. It is built all the same, because
 * what this TU's functions find in their callees must not depend on which
 * files the process checked before.
 */
static bool header_function_seen(struct builder *b, struct floc at)
{
	char *key = build_header_key(b, at);
	bool seen = build_seen(b, key);

	/* a memo gives the key back when it takes the function */
	if (effects_on(b)) {
		free(b->fx.seen);
		b->fx.seen = key;
	} else {
		free(key);
	}
	return seen;
}

void build_reserve(struct builder *b, unsigned n)
{
	struct fn_walk *w = b->walk;

	w->cap = w->out->nfns + n;
	w->out->fns = xrealloc(w->out->fns, w->cap * sizeof(*w->out->fns));
}

void build_push(struct builder *b, struct function_ir *f)
{
	struct fn_walk *w = b->walk;

	if (w->out->nfns == w->cap) {
		w->cap = w->cap ? w->cap * 2 : 64;
		w->out->fns =
			xrealloc(w->out->fns, w->cap * sizeof(*w->out->fns));
	}
	w->out->fns[w->out->nfns++] = f;
}

/*
 * A function of the prefix that a local view does not show (build.h),
 * built again where the memo found it.
 */
bool build_again(struct builder *b, const char *file, unsigned off,
		 const char *name)
{
	struct fn_walk *w = b->walk;
	CXFile f = clang_getFile(b->tu, file);
	unsigned n0 = w->out->nfns;
	CXCursor c, bc;
	struct floc at;
	char *spelled;

	if (!f)
		return false;
	c = clang_getCursor(b->tu, clang_getLocationForOffset(b->tu, f, off));
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl)
		return false;
	at = text_loc(clang_getCursorLocation(c));
	if (at.file != f || at.off != off)
		return false;
	spelled = cursor_spelling(c);
	bc = strcmp(spelled, name) ? clang_getNullCursor() : cursor_body(c);
	if (!clang_Cursor_isNull(bc))
		build_function(w, c, bc, spelled, at,
			       header_function_seen(b, at));
	free(spelled);
	return w->out->nfns == n0 + 1;
}

/*
 * A definition this TU builds: the main file's, and the headers' that
 * name a primitive. The text first in the editor: whether a header
 * declaration is a definition reads its body, which from a precompiled
 * preamble means deserialising it, and most header functions are
 * skipped. Without a preamble that is cheap, and most declarations are
 * not definitions.
 */
static bool wanted(struct fn_walk *w, CXCursor c, const char *name,
		   struct floc at)
{
	if (at.file == w->main_file)
		return clang_isCursorDefinition(c);
	if (w->b->opts->preamble)
		return !skip_header_function(w->b, c, name, at) &&
		       clang_isCursorDefinition(c);
	return clang_isCursorDefinition(c) &&
	       !skip_header_function(w->b, c, name, at);
}

static enum CXChildVisitResult fn_cb(CXCursor c, CXCursor parent,
				     CXClientData data)
{
	struct fn_walk *w = data;
	const struct build_hooks *h = w->b->hooks;
	enum build_choice ch;
	CXCursor bc;
	struct floc at;
	char *name;
	unsigned n0;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl)
		return CXChildVisit_Continue;
	at = text_loc(clang_getCursorLocation(c));
	ch = h && h->decl ? h->decl(w->b->hooks_ctx, w->b, c, at, &w->rebuild) :
			    BUILD_IT;
	if (ch == BUILD_GIVE_UP) {
		w->failed = true;
		return CXChildVisit_Break;
	}
	if (ch == BUILD_TAKEN)
		return CXChildVisit_Continue; /* the memo's */
	n0 = w->out->nfns;
	if (!at.file ||
	    clang_Location_isInSystemHeader(clang_getCursorLocation(c))) {
		w->failed = w->rebuild;
		return w->failed ? CXChildVisit_Break : CXChildVisit_Continue;
	}
	name = cursor_spelling(c);
	if (wanted(w, c, name, at)) {
		ch = h && h->choose ? h->choose(w->b->hooks_ctx, w->b, at, name,
						at.file == w->main_file) :
				      BUILD_IT;
		if (ch != BUILD_IT) {
			free(name);
			w->failed = ch == BUILD_GIVE_UP;
			return w->failed ? CXChildVisit_Break :
					   CXChildVisit_Continue;
		}
		bc = cursor_body(c);
		if (!clang_Cursor_isNull(bc)) {
			build_function(w, c, bc, name, at,
				       at.file != w->main_file &&
					       header_function_seen(w->b, at));
		}
	}
	free(name);
	if (w->b->blank_hit) {
		w->failed = true;
		return CXChildVisit_Break;
	}
	/* one the prefix memo builds again was built then: it must be now */
	if (w->rebuild) {
		w->rebuild = false;
		if (w->out->nfns != n0 + 1) {
			w->failed = true;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Continue;
}

/* The macro table is complete: the prefix memo's claims go back into it. */
static bool table_done(struct fn_walk *w)
{
	const struct build_hooks *h = w->b->hooks;

	w->decls = true;
	if (w->b->macros.local &&
	    !(h && h->splice && h->splice(w->b->hooks_ctx, w->b, w->main_file)))
		return false;
	macros_done(&w->b->macros);
	return !h || !h->table_done ||
	       h->table_done(w->b->hooks_ctx, w->b, w->main_file);
}

/*
 * One walk of the TU's cursors: the preprocessing record (the macro
 * table), then the declarations (the functions).
 */
static enum CXChildVisitResult tu_cb(CXCursor c, CXCursor parent,
				     CXClientData data)
{
	struct fn_walk *w = data;

	if (!w->decls) {
		if (macros_add(&w->b->macros, c))
			return CXChildVisit_Continue;
		if (!table_done(w)) {
			w->failed = true;
			return CXChildVisit_Break;
		}
	}
	return fn_cb(c, parent, w);
}

struct dialect_vote {
	unsigned rank;
	enum oc_dialect d;
	bool keep; /* the included files, for the memo */
	char **paths;
	unsigned npaths;
};

static void vote_cb(CXFile f, CXSourceLocation *stack, unsigned depth,
		    CXClientData data)
{
	struct dialect_vote *v = data;
	CXString n = clang_getFileName(f);
	enum oc_dialect d = D_LINUX;
	unsigned r = clang_getCString(n) ?
			     vocab_include_rank(clang_getCString(n), &d) :
			     0;

	(void)stack;
	if (r > v->rank) {
		v->rank = r;
		v->d = d;
	}
	/* depth 0: the main file, whose lines the memo's key covers */
	if (v->keep && depth && clang_getCString(n)) {
		v->paths =
			xrealloc(v->paths, (v->npaths + 1) * sizeof(*v->paths));
		v->paths[v->npaths++] = xstrdup(clang_getCString(n));
	}
	clang_disposeString(n);
}

/*
 * The dialect a TU is written in, from what it includes: a library's own
 * header (<urcu/...>) over the kernel's over <stdatomic.h>
 * (vocab_include_rank()); @found says whether one decided it.
 */
static enum oc_dialect tu_dialect(CXTranslationUnit tu, CXFile main,
				  const struct build_opts *opts, bool *found,
				  bool *same)
{
	const struct build_hooks *h = opts->hooks;
	struct dialect_vote v = { 0, D_LINUX, h && h->dialect_voted, NULL, 0 };
	enum oc_dialect d;
	unsigned i;

	*found = true;
	*same = false;
	if (opts->dialect > 0)
		return (enum oc_dialect)(opts->dialect - 1);
	if (h && h->dialect &&
	    h->dialect(opts->hooks_ctx, tu, main, &d, found)) {
		*same = true;
		return d;
	}
	clang_getInclusions(tu, vote_cb, &v);
	*found = v.rank > 0;
	if (v.keep)
		h->dialect_voted(opts->hooks_ctx, tu, main, v.paths, v.npaths,
				 v.d, *found);
	for (i = 0; i < v.npaths; i++)
		free(v.paths[i]);
	free(v.paths);
	return v.d;
}

/* What the primitives of a TU including none of the headers are. */
struct prim_vote {
	bool kernel, builtin;
	int c11; /* a C11-model dialect with a header, or VOCAB_NO_HEADER */
};

static void prim_vote_cb(const struct evlist *l, void *arg)
{
	struct prim_vote *v = arg;
	const struct event *e;
	unsigned i;

	evlist_for_each(l, i, e) {
		if (!e->prim)
			continue;
		if (e->prim->dialect == D_GNU)
			v->builtin = true;
		else if (vocab_dialect_model(e->prim->dialect) == M_C11)
			v->c11 = (int)e->prim->dialect;
		else
			v->kernel = true;
	}
}

/*
 * A TU that includes no dialect's header is the kernel's (a snippet
 * written against its names), unless the only primitives it uses are the
 * GCC builtins, or C11's names it defines itself over them (macros.c's
 * own_c11_names()): then it is written in those.
 */
static enum oc_dialect dialect_of_prims(const struct tu_ir *ir)
{
	struct prim_vote v = { false, false, VOCAB_NO_HEADER };
	unsigned i;

	for (i = 0; i < ir->nfns && !v.kernel; i++)
		if (!ir->fns[i]->in_header)
			events_for_each_list(ir->fns[i], prim_vote_cb, &v);
	if (v.kernel)
		return D_LINUX;
	if (v.c11 != VOCAB_NO_HEADER)
		return (enum oc_dialect)v.c11;
	return v.builtin ? D_GNU : D_LINUX;
}

/* One build; false when a reuse of the prefix memo went wrong. */
static bool build(CXTranslationUnit tu, const struct build_opts *opts,
		  struct tu_ir *out, bool *blank_hit)
{
	struct builder b = { .tu = tu,
			     .opts = opts,
			     .hooks = opts->hooks,
			     .hooks_ctx = opts->hooks_ctx };
	const struct build_hooks *h = opts->hooks;
	struct fn_walk w = { .b = &b, .out = out };
	CXString main = clang_getTranslationUnitSpelling(tu);
	bool found, same, ok;

	memset(out, 0, sizeof(*out));
	w.main_file = clang_getFile(tu, clang_getCString(main));
	clang_disposeString(main);
	b.main_file = w.main_file;
	b.walk = &w;
	out->dialect = tu_dialect(tu, w.main_file, opts, &found, &same);
	macros_begin(tu, &b.macros);
	b.macros.local = opts->local_view;
	/* a local view is made up only by a memo's reuse (its begin says) */
	ok = h && h->begin ? h->begin(b.hooks_ctx, &b, w.main_file,
				      same && !opts->dialect) :
			     !opts->local_view;
	if (ok)
		clang_visitChildren(clang_getTranslationUnitCursor(tu), tu_cb,
				    &w);
	/* a TU without declarations */
	if (ok && !w.decls && !table_done(&w))
		ok = false;
	ok = ok && !w.failed;
	if (ok && h && h->walked)
		ok = h->walked(b.hooks_ctx, &b, out);
	*blank_hit = b.blank_hit;
	if (!found)
		out->dialect = dialect_of_prims(out);
	macros_free(&b.macros);
	free(b.summaries);
	free(b.sum_hash);
	free(b.claims);
	effects_free(&b.fx);
	/* callee_body points into it: freed with the TU */
	out->kept = b.kept;
	defuse_locals_reset(&b);
	free(b.locals);
	free(b.fhash);
	out->files = b.files;
	out->nfiles = b.nfiles;
	out->arena = b.arena;
	if (h && h->end)
		h->end(b.hooks_ctx, &b, out, ok);
	if (!ok) {
		events_free_tu(out);
		return false;
	}
	return true;
}

int events_build_tu(CXTranslationUnit tu, const struct build_opts *opts,
		    struct tu_ir *out)
{
	bool blank_hit;

	if (!build(tu, opts, out, &blank_hit)) {
		if (blank_hit)
			return EVENTS_NEED_BODIES;
		/* built again, whole, and recorded anew */
		if (opts->hooks && opts->hooks->fail)
			opts->hooks->fail(opts->hooks_ctx);
		if (opts->local_view)
			return EVENTS_NEED_FULL_VIEW;
		build(tu, opts, out, &blank_hit);
	}
	bindings_collect(tu, out);
	return 0;
}

void events_free_tu(struct tu_ir *ir)
{
	unsigned i;

	for (i = 0; i < ir->nfns; i++)
		if (!ir->fns[i]->borrowed)
			event_free_list(&ir->fns[i]->body);
	event_free_list(&ir->kept);
	free(ir->fns);
	free(ir->binds);
	text_free_files(ir->files, ir->nfiles);
	arena_free(ir->arena);
	memset(ir, 0, sizeof(*ir));
}
