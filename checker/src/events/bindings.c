// SPDX-License-Identifier: GPL-2.0
/*
 * Where the main file stores a function's address: in a struct field
 * (an ops table's `.open = foo_open`, `w->func = fn`) or as a call's
 * argument (`kthread_run(fn, ...)`, `force_qs_rnp(fn)`). The pairing's
 * call graph resolves a call through that field or parameter to these
 * functions (DCUAF's interface pairs, ATC 2019), so that a callback's
 * callers, their locks and its context are known.
 */
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "bindings.h"
#include "builder.h"

struct collect {
	struct tu_ir *out;
	unsigned cap;
};

static void add(struct collect *c, const char *slot, CXCursor fn)
{
	struct tu_ir *o = c->out;
	char *name = cursor_spelling(fn);

	if (o->nbinds == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 16;
		o->binds = xrealloc(o->binds, c->cap * sizeof(*o->binds));
	}
	o->binds[o->nbinds].slot = arena_strdup(&o->arena, slot);
	o->binds[o->nbinds].fn = arena_strdup(&o->arena, name);
	o->nbinds++;
	free(name);
}

/* @e names a function (foo, &foo, (void *)foo): the function, else null. */
static bool function_ref(CXCursor e, CXCursor *fn)
{
	CXCursor c = cursor_strip_casts(e), ref;
	struct kids k;

	if (clang_getCursorKind(c) == CXCursor_UnaryOperator) {
		k = cursor_kids(c);
		if (k.n != 1)
			return false;
		c = cursor_strip_casts(k.v[0]);
	}
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return false;
	*fn = ref;
	return true;
}

char *bindings_field_slot(CXCursor field)
{
	char *key = lvalue_field_key(field), *r;

	r = xasprintf("field:%s", key);
	free(key);
	return r;
}

char *bindings_arg_slot(const char *callee, unsigned k)
{
	return xasprintf("arg:%s#%u", callee, k);
}

static void call_args(struct collect *c, CXCursor call)
{
	CXCursor callee = clang_getCursorReferenced(call), fn;
	int n = clang_Cursor_getNumArguments(call), k;
	char *name, *slot;

	if (clang_getCursorKind(callee) != CXCursor_FunctionDecl)
		return;
	name = cursor_spelling(callee);
	for (k = 0; k < n; k++) {
		if (!function_ref(clang_Cursor_getArgument(call, (unsigned)k),
				  &fn))
			continue;
		slot = bindings_arg_slot(name, (unsigned)k);
		add(c, slot, fn);
		free(slot);
	}
	free(name);
}

static void field_binding(struct collect *c, CXCursor field, CXCursor value)
{
	CXCursor fn;
	char *slot;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl ||
	    !function_ref(value, &fn))
		return;
	slot = bindings_field_slot(field);
	add(c, slot, fn);
	free(slot);
}

/*
 * x->f = fn: clang converts the left operand of every binary operator to
 * a value but an assignment's, so an unconverted member on the left is
 * an assignment to it.
 */
static void assignment(struct collect *c, CXCursor op)
{
	struct kids k = cursor_kids(op);

	if (k.n == 2 && clang_getCursorKind(k.v[0]) == CXCursor_MemberRefExpr)
		field_binding(c, clang_getCursorReferenced(k.v[0]), k.v[1]);
}

/* The fields of a record type, in order, to place positional initialisers. */
struct fields {
	CXCursor v[64];
	unsigned n;
};

static enum CXVisitorResult field_cb(CXCursor f, CXClientData d)
{
	struct fields *fs = d;

	if (fs->n < 64)
		fs->v[fs->n++] = f;
	return CXVisit_Continue;
}

/*
 * { .open = foo_open, ... } or { foo_open, ... }: libclang shows the list
 * as written, a designated initialiser as an unexposed expression whose
 * children are the designator (a member reference) and the value. A
 * positional value is placed by its field's order until the first
 * designator (after which C places it after that field: not followed).
 */
struct init_walk {
	struct collect *c;
	struct fields fs;
	unsigned at;
	bool designated;
};

static enum CXChildVisitResult init_cb(CXCursor e, CXCursor parent,
				       CXClientData d)
{
	struct init_walk *w = d;
	struct kids k;

	(void)parent;
	if (clang_getCursorKind(e) == CXCursor_UnexposedExpr &&
	    (k = cursor_kids(e)).n == 2 &&
	    clang_getCursorKind(k.v[0]) == CXCursor_MemberRef) {
		w->designated = true;
		field_binding(w->c, clang_getCursorReferenced(k.v[0]), k.v[1]);
	} else if (!w->designated && w->at < w->fs.n) {
		field_binding(w->c, w->fs.v[w->at], e);
	}
	w->at++;
	return CXChildVisit_Continue;
}

static void init_list(struct collect *c, CXCursor list)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(list));
	struct init_walk w = { .c = c };

	if (t.kind == CXType_Record)
		clang_Type_visitFields(t, field_cb, &w.fs);
	clang_visitChildren(list, init_cb, &w);
}

static enum CXChildVisitResult body_cb(CXCursor cur, CXCursor parent,
				       CXClientData d)
{
	(void)parent;
	switch (clang_getCursorKind(cur)) {
	case CXCursor_CallExpr:
		call_args(d, cur);
		break;
	case CXCursor_BinaryOperator:
		assignment(d, cur);
		break;
	case CXCursor_InitListExpr:
		init_list(d, cur);
		break;
	default:
		break;
	}
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult top_cb(CXCursor cur, CXCursor parent,
				      CXClientData d)
{
	enum CXCursorKind k = clang_getCursorKind(cur);

	(void)parent;
	if ((k == CXCursor_FunctionDecl || k == CXCursor_VarDecl) &&
	    clang_Location_isFromMainFile(clang_getCursorLocation(cur)))
		clang_visitChildren(cur, body_cb, d);
	return CXChildVisit_Continue;
}

void bindings_collect(CXTranslationUnit tu, struct tu_ir *out)
{
	struct collect c = { .out = out, .cap = 0 };

	clang_visitChildren(clang_getTranslationUnitCursor(tu), top_cb, &c);
}
