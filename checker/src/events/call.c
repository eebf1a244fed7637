// SPDX-License-Identifier: GPL-2.0
/*
 * Primitives called as functions or as builtins (clang's AtomicExpr):
 * which vocabulary row a call is, at which memory order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bindings.h"
#include "builder.h"

/* A constant memory order, or MO_UNKNOWN. */
static int eval_order(CXCursor c)
{
	long long v;

	if (!cursor_int_value(c, &v))
		return MO_UNKNOWN;
	/* the x86 HLE hint bits do not change the order */
	v &= 0xffff;
	return v >= MO_RELAXED && v <= MO_SEQ_CST ? (int)v : MO_UNKNOWN;
}

/*
 * The order of a memory-order argument, also through a function that
 * gives back the order it is given (R_SAME_ORDER): urcu 0.15's *_mo
 * macros pass cmm_to_c11(mo) to the builtin, which is seq_cst for its
 * CMM_SEQ_CST_FENCE, beyond seq_cst.
 */
static int order_arg(CXCursor c)
{
	CXCursor s = cursor_strip_casts(c);
	int mo = eval_order(c);
	CXEvalResult r;
	char *name;

	if (mo != MO_UNKNOWN || clang_getCursorKind(s) != CXCursor_CallExpr ||
	    clang_Cursor_getNumArguments(s) != 1)
		return mo;
	name = cursor_spelling(s);
	r = vocab_name_is(name, R_SAME_ORDER) ?
		    clang_Cursor_Evaluate(clang_Cursor_getArgument(s, 0)) :
		    NULL;
	free(name);
	if (!r)
		return MO_UNKNOWN;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		long long v = clang_EvalResult_getAsLongLong(r);

		if (v >= MO_RELAXED)
			mo = v <= MO_SEQ_CST ? (int)v : MO_SEQ_CST;
	}
	clang_EvalResult_dispose(r);
	return mo;
}

static const struct vocab_entry *c11_name_at(struct builder *b, CXCursor c,
					     char **name)
{
	struct floc s = text_extent_start(b, c);
	const struct vocab_entry *p;
	struct macro_exp *m;

	*name = text_token_at(b, s.file, s.off);
	m = macros_at(&b->macros, s.file, s.off);
	if (m && !m->prim && !vocab_lookup(*name, VOCAB_NO_HEADER)) {
		/* written inside a user macro: the name written there */
		const struct macro_exp *n = macro_c11_at(b, c);
		CXFile f;
		unsigned off;

		if (n) {
			free(*name);
			*name = xstrdup(n->name);
			return n->prim;
		}
		/* no primitive in it: the builtin its definition spells */
		if (text_spelled(b, clang_getRangeStart(text_extent(b, c)), &f,
				 &off) &&
		    !(f == s.file && off == s.off)) {
			free(*name);
			*name = text_token_at(b, f, off);
			p = vocab_lookup(*name, VOCAB_NO_HEADER);
			return p && p->model == M_C11 ? p : NULL;
		}
	}
	p = vocab_lookup(*name, m ? m->header : VOCAB_NO_HEADER);
	if (!p || (p->model == M_LKMM && !(m && m->c11))) {
		/* a kernel-model name here is handled as a macro or a call */
		return p && p->model != M_LKMM ? p : NULL;
	}
	return p;
}

/* Visit @c's location argument as such; its loads are put in @loc too. */
static void visit_location(struct builder *b, CXCursor c, struct srcset *loc)
{
	struct srcset *outer = defuse_begin(b, loc);

	visit(b, c, CTX_LOCATION);
	/* keep the set: defuse_end would merge it, the caller frees it */
	if (outer)
		defuse_merge(outer, loc);
	b->coll = outer;
}

static void visit_args(struct builder *b, CXCursor c, int loc_arg,
		       struct srcset *loc_deps)
{
	int i, n = clang_Cursor_getNumArguments(c);

	for (i = 0; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);

		if (i == loc_arg && loc_deps)
			visit_location(b, a, loc_deps);
		else
			visit(b, a, i == loc_arg ? CTX_LOCATION : CTX_LOAD);
	}
}

/* "a, b" from the call's arguments as written (arena; "" if unknown). */
static const char *call_args_text(struct builder *b, CXCursor c)
{
	int i, n = clang_Cursor_getNumArguments(c);
	char buf[512];
	size_t len = 0;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		const char *t =
			text_of(b, clang_Cursor_getArgument(c, (unsigned)i));
		int w = snprintf(buf + len, sizeof(buf) - len, "%s%s",
				 i ? ", " : "", t ? t : "?");

		if (w < 0 || (size_t)w >= sizeof(buf) - len)
			return "";
		len += (size_t)w;
	}
	return arena_strdup(&b->arena, buf);
}

static void fill_call_event(struct builder *b, struct event *e, CXCursor c)
{
	text_span_of_cursor(b, c, &e->span);
	e->fixable = !b->inside;
	if (e->prim && e->prim->ptr_arg >= 0 &&
	    e->prim->ptr_arg < clang_Cursor_getNumArguments(c)) {
		CXCursor a =
			clang_Cursor_getArgument(c, (unsigned)e->prim->ptr_arg);

		e->key = lvalue_pointee_key(b, a);
		/*
		 * a C11 row named in a library's macro: the builtin's pointer
		 * may be the user's under a cast that only adds volatile
		 * (urcu 0.15's cmm_cast_volatile(addr)): the same object
		 */
		if (!e->key && e->prim->model == M_C11)
			e->key = lvalue_pointee_key(b, cursor_strip_casts(a));
		e->base = lvalue_pointee_base(b, a);
	}
	if (e->prim && e->prim->bit_arg >= 0 &&
	    e->prim->bit_arg < clang_Cursor_getNumArguments(c))
		e->bit = cursor_constant_text(
			b, clang_Cursor_getArgument(
				   c, (unsigned)e->prim->bit_arg));
	/*
	 * as for the macro form: the arguments as written, for messages, and
	 * for a callee of this TU, to follow an argument into its body
	 */
	if ((e->prim || e->callee_known) && !e->args)
		e->args = call_args_text(b, c);
	/* and the value is the argument that is not the
	 * location, so that two calls storing the same value compare equal */
	if (e->prim && (e->kind == K_STORE || e->kind == K_RMW)) {
		int v = vocab_value_arg(
			e->prim, (unsigned)clang_Cursor_getNumArguments(c));

		if (v >= 0)
			e->value_text = text_of(
				b, clang_Cursor_getArgument(c, (unsigned)v));
		v = vocab_written_arg(
			e->prim, (unsigned)clang_Cursor_getNumArguments(c));
		if (v >= 0)
			e->written = lvalue_path(
				b, clang_Cursor_getArgument(c, (unsigned)v));
	}
}

/* clang names some builtins by size: __sync_fetch_and_add_8 (R_SIZED) */
static void strip_size_suffix(char *name)
{
	static const char *const sizes[] = { "_1", "_2", "_4", "_8", "_16" };
	size_t n = strlen(name), i, k;

	if (!vocab_name_is(name, R_SIZED))
		return;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		k = strlen(sizes[i]);
		if (n > k && !strcmp(name + n - k, sizes[i])) {
			name[n - k] = '\0';
			return;
		}
	}
}

/* The index of parameter @parm of its function, or -1. */
static int param_index(CXCursor parm)
{
	CXCursor fn = clang_getCursorSemanticParent(parm);
	int n = clang_Cursor_getNumArguments(fn), k;

	for (k = 0; k < n; k++)
		if (clang_equalCursors(
			    clang_Cursor_getArgument(fn, (unsigned)k), parm))
			return k;
	return -1;
}

/*
 * A call through a pointer is named by the slot the pointer is read from
 * ("*field:struct ops.start", "*arg:run#1", bindings.h), not by the
 * field's or parameter's name, which a function of the tree may also
 * have: the pairing resolves the slot to the functions stored in it. A
 * pointer in a local is "*": any function.
 */
static char *indirect_name(CXCursor c, const char *name)
{
	CXCursor ref = clang_getCursorReferenced(c), fn;
	char *slot, *r, *callee;
	int k;

	switch (clang_getCursorKind(ref)) {
	case CXCursor_FunctionDecl:
		return xstrdup(name);
	case CXCursor_FieldDecl:
		slot = bindings_field_slot(ref);
		break;
	case CXCursor_ParmDecl:
		fn = clang_getCursorSemanticParent(ref);
		if ((k = param_index(ref)) < 0)
			return xstrdup("*");
		callee = cursor_spelling(fn);
		slot = bindings_arg_slot(callee, (unsigned)k);
		free(callee);
		break;
	default:
		return xstrdup("*");
	}
	r = xasprintf("*%s", slot);
	free(slot);
	return r;
}

void call_visit(struct builder *b, CXCursor c)
{
	char *name = cursor_spelling(c);
	const struct vocab_entry *p;
	struct srcset loc = { 0 };
	struct event *e;
	char *shown = NULL;

	strip_size_suffix(name);
	p = vocab_lookup(name, VOCAB_NO_HEADER);

	/* __builtin_expect() and friends are not calls that matter */
	if (!p && vocab_name_is(name, R_NOT_A_CALL)) {
		visit_args(b, c, -1, NULL);
		free(name);
		return;
	}
	if (p && p->model == M_C11 && (p->flags & F_MO_ARG)) {
		/* __atomic_thread_fence(mo) and <stdatomic.h>'s fences */
		const struct vocab_entry *q = c11_name_at(b, c, &shown);

		if (q && q->kind == p->kind)
			p = q;
	}
	visit_args(b, c, p ? p->ptr_arg : -1, &loc);
	e = event_new(b, EV_CALL);
	if (p) {
		event_set_prim(e, p, b->opts);
		if (p->flags & F_MO_ARG) {
			int n = clang_Cursor_getNumArguments(c);

			event_set_order(
				e,
				p->mo_arg >= 0 && p->mo_arg < n ?
					order_arg(clang_Cursor_getArgument(
						c, (unsigned)p->mo_arg)) :
					MO_UNKNOWN,
				MO_UNKNOWN);
		}
	} else {
		struct summary *sm = summary_of(b, c);
		char *called = indirect_name(c, name);

		e->name = arena_strdup(&b->arena, called);
		free(called);
		if (sm) {
			e->callee_first = sm->first;
			e->callee_last = sm->last;
			e->callee_known = true;
			e->callee_rmw = sm->rmw;
			e->callee_body = sm->body;
			e->callee_params = sm->params;
			e->callee_nparams = sm->nparams;
		}
	}
	fill_call_event(b, e, c);
	defuse_set_adeps(b, e, &loc);
	event_emit(b, e);
	free(shown);
	free(name);
}

/*
 * clang's AtomicExpr (the __c11_* and __atomic_* builtins) is exposed as
 * an UnexposedExpr whose children come in its internal order: pointer,
 * order, value, failure order, desired value.
 */
bool call_visit_atomic_expr(struct builder *b, CXCursor c)
{
	char *name = NULL;
	const struct vocab_entry *p = c11_name_at(b, c, &name);
	CXCursor a = c;
	struct kids kd;
	struct event *e;
	struct srcset loc = { 0 };
	unsigned i;

	if (!p ||
	    !(p->kind == K_LOAD || p->kind == K_STORE || p->kind == K_RMW)) {
		free(name);
		return false;
	}
	for (;;) {
		kd = cursor_kids(a);
		if (kd.n != 1 ||
		    clang_getCursorKind(kd.v[0]) != CXCursor_UnexposedExpr)
			break;
		a = kd.v[0];
	}
	if (kd.n < 2) {
		free(name);
		return false;
	}
	for (i = 0; i < kd.n && i < 8; i++) {
		bool is_order = i == 1 || (i == 3 && (p->flags & F_CMPXCHG));

		if (i == 0)
			visit_location(b, kd.v[0], &loc);
		else if (!is_order)
			visit(b, kd.v[i], CTX_LOAD);
	}
	e = event_new(b, EV_ACCESS);
	event_set_prim(e, p, b->opts);
	e->name = arena_strdup(&b->arena, name);
	event_set_order(e, order_arg(kd.v[1]),
			(p->flags & F_CMPXCHG) && kd.n > 3 ?
				order_arg(kd.v[3]) :
				MO_UNKNOWN);
	text_span_of_cursor(b, c, &e->span);
	e->key = lvalue_pointee_key(b, kd.v[0]);
	/* under a cast that only adds volatile: cmm_cast_volatile(addr) */
	if (!e->key)
		e->key = lvalue_pointee_key(b, cursor_strip_casts(kd.v[0]));
	e->base = lvalue_pointee_base(b, kd.v[0]);
	/* AtomicExpr's order: pointer, order, value, failure, desired */
	if (p->kind != K_LOAD && kd.n > 2)
		e->written = lvalue_path(b, (p->flags & F_CMPXCHG) && kd.n > 4 ?
						    kd.v[4] :
						    kd.v[2]);
	if (cursor_type_is_pointer(clang_getCursorType(c)))
		e->flags |= EVF_POINTER;
	defuse_set_adeps(b, e, &loc);
	event_emit(b, e);
	free(name);
	return true;
}
