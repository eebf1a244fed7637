// SPDX-License-Identifier: GPL-2.0
/*
 * The location key of the object an lvalue or a pointer designates, and
 * the path to the object holding the field it names.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "builder.h"
#include "keys.h"

/* The record a field belongs to, as clang spells it. */
static char *record_name(CXCursor field)
{
	CXCursor rec = clang_getCursorSemanticParent(field);
	char *n = cursor_spelling(rec);

	if (!*n) {
		CXString t = clang_getTypeSpelling(clang_getCursorType(rec));

		free(n);
		n = xstrdup(clang_getCString(t));
		clang_disposeString(t);
	}
	return n;
}

char *lvalue_field_key(CXCursor field)
{
	char *name = cursor_spelling(field), *rec = record_name(field), *r;

	r = keys_field(rec, name);
	free(rec);
	free(name);
	return r;
}

static char *var_key(CXCursor ref)
{
	char *name = cursor_spelling(ref), *r;

	if (clang_getCursorKind(ref) == CXCursor_ParmDecl) {
		r = keys_param(name);
	} else if (clang_Cursor_hasVarDeclGlobalStorage(ref) != 1) {
		r = keys_local(name);
	} else if (clang_getCursorLinkage(ref) != CXLinkage_Internal) {
		r = keys_global(name);
	} else {
		CXFile f;
		CXString path;

		clang_getSpellingLocation(clang_getCursorLocation(ref), &f,
					  NULL, NULL, NULL);
		path = clang_getFileName(f);
		r = keys_static(name, clang_getCString(path));
		clang_disposeString(path);
	}
	free(name);
	return r;
}

static char *key_of(struct builder *b, CXCursor c)
{
	struct kids kd;
	char *r = NULL, *inner, *name, *rec, *op;

	c = cursor_strip(c);
	switch (clang_getCursorKind(c)) {
	case CXCursor_DeclRefExpr:
		return var_key(clang_getCursorReferenced(c));
	case CXCursor_MemberRefExpr:
		/*
		 * a field of a local struct or union (x.f, not p->f): the
		 * local copy's, not the shared type's (DPDK's "p.raw =
		 * __atomic_load_n(&ht->raw, ...); n = p.pos.head - p.pos.tail")
		 */
		kd = cursor_kids(c);
		if (kd.n &&
		    clang_getCanonicalType(clang_getCursorType(kd.v[0])).kind !=
			    CXType_Pointer) {
			inner = key_of(b, kd.v[0]);
			if (inner && !strncmp(inner, "local:", 6)) {
				name = cursor_spelling(
					clang_getCursorReferenced(c));
				r = xasprintf("%s.%s", inner, name);
				free(name);
				free(inner);
				return r;
			}
			free(inner);
		}
		name = cursor_spelling(clang_getCursorReferenced(c));
		rec = record_name(clang_getCursorReferenced(c));
		r = keys_field(rec, name);
		free(rec);
		free(name);
		return r;
	case CXCursor_ArraySubscriptExpr:
		kd = cursor_kids(c);
		inner = kd.n ? key_of(b, kd.v[0]) : NULL;
		r = inner ? keys_elem(inner) : NULL;
		free(inner);
		return r;
	case CXCursor_UnaryOperator:
		kd = cursor_kids(c);
		op = cursor_unary_op(b, c);
		inner = kd.n == 1 ? key_of(b, kd.v[0]) : NULL;
		if (inner && !strcmp(op, "*"))
			r = keys_deref(inner);
		else if (inner && !strcmp(op, "&"))
			r = keys_addr(inner);
		free(op);
		free(inner);
		return r;
	case CXCursor_BinaryOperator:
		/*
		 * ((void)check, &x): per_cpu_ptr() and its kin name their
		 * object last. A void left operand can only be a comma's,
		 * which tells it where a macro hides the operator's text.
		 */
		kd = cursor_kids(c);
		if (kd.n != 2)
			return NULL;
		if (clang_getCursorType(kd.v[0]).kind == CXType_Void)
			return key_of(b, kd.v[1]);
		op = cursor_binary_op(b, c, kd.v[0]);
		r = !strcmp(op, ",") ? key_of(b, kd.v[1]) : NULL;
		free(op);
		return r;
	case CXCursor_CompoundLiteralExpr:
		/*
		 * a pointer passed as a transparent union: clang builds
		 * (union){ .member = arg } around it; urcu's lfstack and
		 * wfcqueue take cds_lfs_stack_ptr_t so (urcu/lfstack.h)
		 */
		if (clang_getCursorKind(clang_getTypeDeclaration(
			    clang_getCanonicalType(clang_getCursorType(c)))) !=
		    CXCursor_UnionDecl)
			return NULL;
		kd = cursor_kids(c); /* the union's TypeRef, then the list */
		if (!kd.n || clang_getCursorKind(kd.v[kd.n - 1]) !=
				     CXCursor_InitListExpr)
			return NULL;
		kd = cursor_kids(kd.v[kd.n - 1]);
		return kd.n == 1 ? key_of(b, kd.v[0]) : NULL;
	default:
		return NULL;
	}
}

/* @k in the arena; @k is freed. */
static const char *in_arena(struct builder *b, char *k)
{
	const char *r = k ? arena_strdup(&b->arena, k) : NULL;

	free(k);
	return r;
}

/* The object a pointer argument designates: &x -> x, p -> *p. */
const char *lvalue_pointee_key(struct builder *b, CXCursor ptr)
{
	char *k = key_of(b, ptr);
	const char *r = k ? in_arena(b, keys_deref(k)) : NULL;

	free(k);
	return r;
}

const char *lvalue_key(struct builder *b, CXCursor c)
{
	return in_arena(b, key_of(b, c));
}

/*
 * "~N" after a member of a union, N a hash of where the union is declared
 * (its USR would not do: two anonymous unions of one struct share one).
 */
static void union_mark(CXCursor parent, struct strbuf *out)
{
	CXFile file;
	CXString name;
	const char *s;
	unsigned off, h = 2166136261u; /* FNV-1a */

	if (clang_getCursorKind(parent) != CXCursor_UnionDecl)
		return;
	clang_getSpellingLocation(clang_getCursorLocation(parent), &file, NULL,
				  NULL, &off);
	name = clang_getFileName(file);
	for (s = clang_getCString(name); s && *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	clang_disposeString(name);
	sb_printf(out, "~%x", (h ^ off) * 16777619u);
}

/*
 * An object's path, "r.cons" for r->cons, "ht" for ht: one component per
 * variable, member and element ("[2]" for a constant index, "[]" for any
 * other), whatever the operators ('->' and '.' alike). A union's member is
 * followed by '~' and a number naming the union (DPDK's rte_ring holds
 * prod and cons each in an anonymous union of its own): it overlaps its
 * siblings, not another union's members. NULL where the object is not
 * named by a variable and members (a call's result, *p++).
 */
static void path_of(struct builder *b, CXCursor c, struct strbuf *out, bool *ok)
{
	struct kids kd;
	CXCursor m;
	char *name, *op;

	c = cursor_strip_casts(c);
	switch (clang_getCursorKind(c)) {
	case CXCursor_DeclRefExpr:
		name = cursor_spelling(clang_getCursorReferenced(c));
		sb_add(out, name, strlen(name));
		free(name);
		return;
	case CXCursor_MemberRefExpr:
		kd = cursor_kids(c);
		if (!kd.n) {
			*ok = false;
			return;
		}
		path_of(b, kd.v[0], out, ok);
		m = clang_getCursorReferenced(c);
		name = cursor_spelling(m);
		sb_printf(out, ".%s", name);
		free(name);
		union_mark(clang_getCursorSemanticParent(m), out);
		return;
	case CXCursor_ArraySubscriptExpr:
		kd = cursor_kids(c);
		if (kd.n != 2) {
			*ok = false;
			return;
		}
		path_of(b, kd.v[0], out, ok);
		m = cursor_strip_casts(kd.v[1]);
		if (clang_getCursorKind(m) == CXCursor_IntegerLiteral) {
			CXEvalResult r = clang_Cursor_Evaluate(m);

			sb_printf(out, ".[%lld]",
				  r ? clang_EvalResult_getAsLongLong(r) : -1LL);
			if (r)
				clang_EvalResult_dispose(r);
		} else {
			sb_add(out, ".[]", 3);
		}
		return;
	case CXCursor_UnaryOperator:
		kd = cursor_kids(c);
		op = cursor_unary_op(b, c);
		/* *p is p's object, &x names x: the path stays the same */
		if (kd.n == 1 && (!strcmp(op, "*") || !strcmp(op, "&")))
			path_of(b, kd.v[0], out, ok);
		else
			*ok = false;
		free(op);
		return;
	default:
		*ok = false;
		return;
	}
}

const char *lvalue_path(struct builder *b, CXCursor c)
{
	struct strbuf out = { 0 };
	const char *r = NULL;
	bool ok = true;

	path_of(b, c, &out, &ok);
	if (ok && out.len)
		r = arena_strdup(&b->arena, out.s);
	free(out.s);
	return r;
}

/* The path of the object holding the field lvalue @c names, or NULL. */
const char *lvalue_base(struct builder *b, CXCursor c)
{
	struct kids kd;

	c = cursor_strip_casts(c);
	if (clang_getCursorKind(c) != CXCursor_MemberRefExpr)
		return NULL;
	kd = cursor_kids(c);
	return kd.n ? lvalue_path(b, kd.v[0]) : NULL;
}

const char *lvalue_path_text(struct builder *b, const char *text)
{
	const char *s = text, *id;
	size_t n;

	if (!s)
		return NULL;
	while (isspace((unsigned char)*s))
		s++;
	if (!(isalpha((unsigned char)*s) || *s == '_'))
		return NULL;
	for (id = s; isalnum((unsigned char)*s) || *s == '_'; s++)
		;
	n = (size_t)(s - id);
	while (isspace((unsigned char)*s))
		s++;
	return *s ? NULL : arena_strndup(&b->arena, id, n);
}

/* The same for the object pointer @ptr designates: &r->cons.tail. */
const char *lvalue_pointee_base(struct builder *b, CXCursor ptr)
{
	struct kids kd;
	char *op;
	bool addr;

	ptr = cursor_strip_casts(ptr);
	if (clang_getCursorKind(ptr) != CXCursor_UnaryOperator)
		return NULL;
	op = cursor_unary_op(b, ptr);
	addr = !strcmp(op, "&");
	free(op);
	kd = cursor_kids(ptr);
	return addr && kd.n == 1 ? lvalue_base(b, kd.v[0]) : NULL;
}
