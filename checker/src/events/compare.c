// SPDX-License-Identifier: GPL-2.0
/*
 * Pointer comparisons in a branch's condition: what each side is, for
 * addr-dep-pointer-compare.
 */
#include <string.h>

#include "builder.h"

static bool is_null_operand(struct builder *b, CXCursor c)
{
	const char *t = cursor_bare_text(b, c);

	return cursor_is_zero(c) ||
	       (t && (!strcmp(t, "NULL") || !strcmp(t, "0")));
}

/* &object, or an array or function name: an address the compiler knows. */
static bool is_address_operand(struct builder *b, CXCursor c)
{
	const char *t = cursor_bare_text(b, c);
	CXCursor ref;
	enum CXTypeKind tk;

	if (t && t[0] == '&')
		return true;
	c = cursor_strip_casts(c);
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) == CXCursor_FunctionDecl)
		return true;
	tk = clang_getCursorType(ref).kind;
	return clang_getCursorKind(ref) == CXCursor_VarDecl &&
	       (tk == CXType_ConstantArray || tk == CXType_IncompleteArray);
}

/*
 * The operands @kd of a comparison @op with the loads @l and @r come
 * from: if either is a pointer, what the branch compares.
 */
void compare_note(struct builder *b, const CXCursor *kd, const char *op,
		  const struct srcset *l, const struct srcset *r)
{
	struct ptr_compare *pc;

	if (!cursor_type_is_pointer(clang_getCursorType(kd[0])) &&
	    !cursor_type_is_pointer(clang_getCursorType(kd[1])))
		return;
	pc = arena_alloc(&b->arena, sizeof(*pc));
	pc->lhs = defuse_copy(b, l);
	pc->nlhs = l->n;
	pc->rhs = defuse_copy(b, r);
	pc->nrhs = r->n;
	pc->lhs_text = cursor_bare_text(b, kd[0]);
	pc->rhs_text = cursor_bare_text(b, kd[1]);
	pc->lhs_null = is_null_operand(b, kd[0]);
	pc->rhs_null = is_null_operand(b, kd[1]);
	pc->lhs_addr = is_address_operand(b, kd[0]);
	pc->rhs_addr = is_address_operand(b, kd[1]);
	pc->equal_leg = !strcmp(op, "==") ? 0 : 1;
	b->cmp = pc;
}
