// SPDX-License-Identifier: GPL-2.0
/* What the libclang C API does not hand over directly about a cursor. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builder.h"

static enum CXChildVisitResult kids_cb(CXCursor c, CXCursor p, CXClientData d)
{
	struct kids *k = d;

	(void)p;
	if (k->n < 8)
		k->v[k->n] = c;
	k->n++;
	return CXChildVisit_Continue;
}

struct kids cursor_kids(CXCursor c)
{
	struct kids k = { .n = 0 };

	clang_visitChildren(c, kids_cb, &k);
	return k;
}

/*
 * Under parentheses and casts: through those with one child only (implicit
 * casts, and written ones of a plain type), or also through a written
 * cast whose type has children of its own, to its operand, the last one.
 */
static CXCursor strip(CXCursor c, bool typed_casts)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		struct kids kd;

		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr &&
		    k != CXCursor_CStyleCastExpr)
			return c;
		kd = cursor_kids(c);
		if (!kd.n || (kd.n != 1 && !typed_casts))
			return c;
		c = kd.v[kd.n - 1];
	}
}

/* Strip parentheses and implicit casts, which change nothing here. */
CXCursor cursor_strip(CXCursor c)
{
	return strip(c, false);
}

/* The operand under casts, written ones too, and parentheses. */
CXCursor cursor_strip_casts(CXCursor c)
{
	return strip(c, true);
}

static enum CXChildVisitResult last_cb(CXCursor c, CXCursor p, CXClientData d)
{
	CXCursor *last = d;

	(void)p;
	*last = c;
	return CXChildVisit_Continue;
}

/* The last child, however many there are; false if there is none. */
bool cursor_last_child(CXCursor c, CXCursor *last)
{
	*last = clang_getNullCursor();
	clang_visitChildren(c, last_cb, last);
	return !clang_Cursor_isNull(*last);
}

/* The body of a function definition: its last child, after its parameters. */
CXCursor cursor_body(CXCursor def)
{
	CXCursor body;

	if (!cursor_last_child(def, &body) ||
	    clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return clang_getNullCursor();
	return body;
}

/*
 * Whether the header function whose name is at @at had its body blanked
 * before the parse: then the TU is to be parsed again whole.
 */
bool body_was_blanked(struct builder *b, struct floc at)
{
	if (!b->hooks || !b->hooks->blanked || !at.file ||
	    !b->hooks->blanked(b->hooks_ctx, at.file, at.off))
		return false;
	b->blank_hit = true;
	return true;
}

char *cursor_spelling(CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	char *r = xstrdup(clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return r;
}

bool cursor_type_is_pointer(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Pointer;
}

bool cursor_is_local_var(CXCursor ref)
{
	enum CXCursorKind k = clang_getCursorKind(ref);

	if (k == CXCursor_ParmDecl)
		return true;
	return k == CXCursor_VarDecl &&
	       clang_Cursor_hasVarDeclGlobalStorage(ref) != 1;
}

bool cursor_int_value(CXCursor c, long long *v)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	bool is_int;

	if (!r)
		return false;
	is_int = clang_EvalResult_getKind(r) == CXEval_Int;
	if (is_int)
		*v = clang_EvalResult_getAsLongLong(r);
	clang_EvalResult_dispose(r);
	return is_int;
}

bool cursor_is_zero(CXCursor c)
{
	long long v;

	return cursor_int_value(c, &v) && v == 0;
}

const char *cursor_constant_text(struct builder *b, CXCursor c)
{
	long long v;
	char buf[32];

	if (!cursor_int_value(c, &v))
		return NULL;
	snprintf(buf, sizeof(buf), "%lld", v);
	return arena_strdup(&b->arena, buf);
}

/* The operator of a unary expression: its first token, or "++"/"--" last. */
char *cursor_unary_op(struct builder *b, CXCursor c)
{
	CXSourceRange r = text_extent(b, c);
	struct floc s = text_extent_start(b, c);
	CXFile sf;
	unsigned so;
	char *t;

	/* a prefix operator spelled in a macro's definition is read there */
	if (macros_covering(&b->macros, s.file, s.off, s.off) &&
	    text_spelled(b, clang_getRangeStart(r), &sf, &so)) {
		s.file = sf;
		s.off = so;
	}
	t = text_token_at(b, s.file, s.off);
	struct kids k;
	struct floc e;

	if (strcmp(t, "++") && strcmp(t, "--") && strcmp(t, "*") &&
	    strcmp(t, "&") && strcmp(t, "-") && strcmp(t, "!") &&
	    strcmp(t, "~") && strcmp(t, "+")) {
		/* postfix: the token after the operand */
		k = cursor_kids(c);
		if (k.n == 1) {
			e = text_extent_end(b, k.v[0]);
			free(t);
			t = text_token_at(b, e.file, e.off);
		}
	}
	return t;
}

/*
 * Whether @lhs is an lvalue used as one: clang converts the left operand
 * of every binary operator to a value (an implicit cast, unexposed) but
 * that of an assignment.
 */
static bool unconverted_lvalue(struct builder *b, CXCursor lhs)
{
	CXFile f;
	unsigned off;
	char *t;
	bool r;

	switch (clang_getCursorKind(lhs)) {
	case CXCursor_DeclRefExpr:
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr:
		return true;
	case CXCursor_ParenExpr: {
		struct kids k = cursor_kids(lhs);

		return k.n == 1 && unconverted_lvalue(b, k.v[0]);
	}
	case CXCursor_UnaryOperator:
		/* *p, not -x: the operator as spelled, maybe in a macro */
		if (!text_spelled(b, clang_getRangeStart(text_extent(b, lhs)),
				  &f, &off))
			return false;
		t = text_token_at(b, f, off);
		r = !strcmp(t, "*");
		free(t);
		return r;
	default:
		return false;
	}
}

/*
 * The operator between a binary expression's operands: the text after the
 * left operand. Inside a macro that text may be another's (in
 * u64_u32_store(var, val), "(var = val)", "var" is followed by ","): there
 * an operator whose left operand is an unconverted lvalue is "=" (compound
 * assignments are cursors of their own kind).
 */
char *cursor_binary_op(struct builder *b, CXCursor c, CXCursor lhs)
{
	struct floc s = text_extent_start(b, c);
	struct floc e = text_extent_end(b, lhs);

	if (s.file && clang_getCursorKind(c) == CXCursor_BinaryOperator &&
	    macros_covering(&b->macros, s.file, s.off, e.off) &&
	    unconverted_lvalue(b, lhs))
		return xstrdup("=");
	return text_token_at(b, e.file, e.off);
}

/* The text of @c without casts and parentheses around it (arena). */
const char *cursor_bare_text(struct builder *b, CXCursor c)
{
	return text_of(b, cursor_strip_casts(c));
}
