// SPDX-License-Identifier: GPL-2.0
/* Visiting: each cursor of a body handed to the file that makes its events. */
#include "builder.h"

/* Visit every child, however many there are (compound statements). */
struct all_ctx {
	struct builder *b;
	enum ctx ctx;
};

static enum CXChildVisitResult all_cb(CXCursor c, CXCursor p, CXClientData d)
{
	struct all_ctx *a = d;

	(void)p;
	visit(a->b, c, a->ctx);
	return CXChildVisit_Continue;
}

void visit_all(struct builder *b, CXCursor c, enum ctx ctx)
{
	struct all_ctx a = { b, ctx };

	clang_visitChildren(c, all_cb, &a);
}

void visit(struct builder *b, CXCursor c, enum ctx ctx)
{
	/*
	 * A function declared in a body (compiletime_assert()'s extern)
	 * runs nothing. Its attributes may be inherited from an earlier
	 * declaration of its name, with that one's place: on a preamble,
	 * __COUNTER__ counts from 0 again, and the main file's
	 * __compiletime_assert_53 is a header's too.
	 */
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl)
		return;
	if (!macro_visit_inside(b, c, ctx))
		visit_node(b, c, ctx);
}

static void simple_event(struct builder *b, CXCursor c, enum ev_type t,
			 const char *name)
{
	struct event *e = event_new(b, t);

	e->name = name;
	text_span_of_cursor(b, c, &e->span);
	event_emit(b, e);
}

void visit_node(struct builder *b, CXCursor c, enum ctx ctx)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	if (macro_visit(b, c, ctx))
		return;
	switch (k) {
	case CXCursor_CompoundStmt:
		visit_all(b, c, CTX_LOAD);
		return;
	case CXCursor_NullStmt:
		macro_visit_empty(b, c);
		return;
	case CXCursor_IfStmt:
		stmt_if(b, c);
		return;
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		stmt_loop(b, c, k);
		return;
	case CXCursor_SwitchStmt:
		stmt_switch(b, c);
		return;
	case CXCursor_ConditionalOperator:
		stmt_conditional(b, c);
		return;
	case CXCursor_ReturnStmt:
		stmt_return(b, c);
		return;
	case CXCursor_BreakStmt:
		simple_event(b, c, EV_JUMP, "break");
		return;
	case CXCursor_ContinueStmt:
		simple_event(b, c, EV_JUMP, "continue");
		return;
	case CXCursor_GotoStmt:
	case CXCursor_IndirectGotoStmt:
		simple_event(b, c, EV_JUMP, "goto");
		return;
	case CXCursor_LabelStmt:
		simple_event(b, c, EV_LABEL, "label");
		visit_all(b, c, CTX_LOAD);
		return;
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
		/* a switch's case: only the switch and a fallthrough reach it */
		simple_event(b, c, EV_LABEL, "case");
		visit_all(b, c, CTX_LOAD);
		return;
	case CXCursor_CallExpr:
		call_visit(b, c);
		return;
	case CXCursor_UnexposedExpr:
		if (call_visit_atomic_expr(b, c))
			return;
		visit_all(b, c, ctx);
		return;
	case CXCursor_ParenExpr:
		visit_all(b, c, ctx);
		return;
	case CXCursor_AsmStmt:
		shapes_asm(b, c);
		return;
	case CXCursor_BinaryOperator:
		expr_binary(b, c, false);
		return;
	case CXCursor_CompoundAssignOperator:
		expr_binary(b, c, true);
		return;
	case CXCursor_UnaryOperator:
		expr_unary(b, c, ctx);
		return;
	case CXCursor_MemberRefExpr:
		expr_member(b, c, ctx);
		return;
	case CXCursor_ArraySubscriptExpr:
		expr_subscript(b, c, ctx);
		return;
	case CXCursor_DeclRefExpr:
		expr_declref(b, c, ctx);
		return;
	case CXCursor_VarDecl:
		expr_var_decl(b, c);
		return;
	case CXCursor_CStyleCastExpr:
		expr_cast(b, c, ctx);
		return;
	case CXCursor_UnaryExpr: /* sizeof, alignof: not evaluated */
	case CXCursor_StaticAssert: /* container_of()'s type check */
	case CXCursor_TypeRef:
		return;
	default:
		visit_all(b, c, CTX_LOAD);
		return;
	}
}
