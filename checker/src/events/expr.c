// SPDX-License-Identifier: GPL-2.0
/* Expressions: what an operator accesses, with where its value comes from. */
#include <stdlib.h>
#include <string.h>

#include "builder.h"

/*
 * Visit what the address of @e is computed from (@n cursors: a base and
 * an index), in @ctxs; the loads found are @e's address dependencies and
 * flow on into the value around, as before.
 */
static void visit_address(struct builder *b, struct event *e,
			  const CXCursor *parts, const enum ctx *ctxs,
			  unsigned n)
{
	struct srcset a, *outer = defuse_begin(b, &a);
	unsigned i;

	for (i = 0; i < n; i++)
		visit(b, parts[i], ctxs[i]);
	defuse_end(b, outer);
	defuse_set_adeps(b, e, &a);
}

/*
 * What an operator does to a dependency its operands carry
 * (ordering-semantics.md section 3, A3 and A4): p - p and x & 0 cancel it,
 * a comparison or a logical operator turns it into a truth value, which
 * the compiler computes with a branch. 0 if neither.
 */
static unsigned operator_how(struct builder *b, const CXCursor *kd,
			     const char *op, const struct srcset *l,
			     const struct srcset *r)
{
	static const char *const rel[] = { "<",	 ">",  "<=", ">=",
					   "==", "!=", "&&", "||" };
	unsigned i;

	if (!l->n && !r->n)
		return 0;
	if ((!strcmp(op, "-") || !strcmp(op, "^")) && l->n && r->n) {
		const char *a = cursor_bare_text(b, kd[0]);
		const char *c = cursor_bare_text(b, kd[1]);

		if (a && c && !strcmp(a, c))
			return AH_CANCEL;
	}
	if ((!strcmp(op, "&") || !strcmp(op, "*")) &&
	    (cursor_is_zero(kd[0]) || cursor_is_zero(kd[1])))
		return AH_CANCEL;
	for (i = 0; i < sizeof(rel) / sizeof(rel[0]); i++)
		if (!strcmp(op, rel[i]))
			return AH_REL;
	return 0;
}

/*
 * The operands of a binary operator that stores nothing: their loads flow
 * into the value, with what the operator did to them.
 */
static void visit_operands(struct builder *b, CXCursor c, const CXCursor *kd,
			   const char *op)
{
	struct srcset l, r, *outer = defuse_begin(b, &l);
	unsigned how, saved = b->flags;

	visit(b, kd[0], CTX_LOAD);
	b->coll = outer;
	defuse_begin(b, &r);
	if (!strcmp(op, "&&") || !strcmp(op, "||"))
		b->flags |= EVF_MAYBE;
	visit(b, kd[1], CTX_LOAD);
	b->flags = saved;
	b->coll = outer;
	how = operator_how(b, kd, op, &l, &r);
	if (outer) {
		defuse_merge(outer, &l);
		defuse_merge(outer, &r);
		if (how && !outer->why) {
			outer->why = text_of(b, c);
			text_span_of_cursor(b, c, &outer->why_span);
		}
		outer->how |= how;
	}
	if (b->cmp_at && clang_equalCursors(c, *b->cmp_at) &&
	    (!strcmp(op, "==") || !strcmp(op, "!=")))
		compare_note(b, kd, op, &l, &r);
	free(l.v);
	free(r.v);
}

static bool is_assign_op(const char *op)
{
	size_t n = strlen(op);

	return n >= 1 && op[n - 1] == '=' && strcmp(op, "==") &&
	       strcmp(op, "!=") && strcmp(op, "<=") && strcmp(op, ">=");
}

void expr_binary(struct builder *b, CXCursor c, bool compound)
{
	struct kids kd = cursor_kids(c);
	char *op;

	if (kd.n != 2) {
		visit_all(b, c, CTX_LOAD);
		return;
	}
	op = cursor_binary_op(b, c, kd.v[0]);
	if (compound || is_assign_op(op)) {
		CXCursor lhs = cursor_strip(kd.v[0]);
		CXCursor ref = clang_getCursorReferenced(lhs);
		struct srcset val, *outer = defuse_begin(b, &val);
		size_t before;

		/* the value is computed before it is stored */
		visit(b, kd.v[1], CTX_LOAD);
		defuse_end(b, outer);
		if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr &&
		    cursor_is_local_var(ref)) {
			struct local_val *lv = defuse_local(b, ref, true);

			if (!strcmp(op, "="))
				defuse_clear(&lv->src);
			defuse_merge(&lv->src, &val);
		}
		/* the store is the left side's: a local's store makes none,
		 * and the value's own RMW (old = xchg(&s->head, n)) keeps its
		 * value */
		before = b->cur->n;
		visit(b, kd.v[0],
		      compound || strcmp(op, "=") ? CTX_RMW : CTX_STORE);
		if (b->cur->n > before &&
		    b->cur->v[b->cur->n - 1]->type == EV_ACCESS &&
		    b->cur->v[b->cur->n - 1]->kind != K_LOAD) {
			struct event *st = b->cur->v[b->cur->n - 1];

			st->value_text = text_of(b, kd.v[1]);
			st->written = lvalue_path(b, kd.v[1]);
			/* the loads the value comes from (*seq = READ_ONCE(
			 * s->seq): the caller gets what was read) */
			if (!st->ndeps) {
				st->ndeps = val.n;
				st->deps = defuse_copy(b, &val);
			}
		}
		free(val.v);
	} else {
		visit_operands(b, c, kd.v, op);
	}
	free(op);
}

void expr_unary(struct builder *b, CXCursor c, enum ctx ctx)
{
	struct kids kd = cursor_kids(c);
	char *op = cursor_unary_op(b, c);

	if (kd.n != 1) {
		free(op);
		visit_all(b, c, CTX_LOAD);
		return;
	}
	if (!strcmp(op, "*")) {
		static const enum ctx load = CTX_LOAD;

		visit_address(b, shapes_access(b, c, ctx), kd.v, &load, 1);
	} else if (!strcmp(op, "&")) {
		visit(b, kd.v[0], CTX_ADDR);
	} else if (!strcmp(op, "++") || !strcmp(op, "--")) {
		visit(b, kd.v[0], CTX_RMW);
	} else {
		visit(b, kd.v[0], CTX_LOAD);
	}
	free(op);
}

void expr_member(struct builder *b, CXCursor c, enum ctx ctx)
{
	struct kids kd = cursor_kids(c);
	struct event *e = shapes_access(b, c, ctx);
	enum ctx base;

	if (kd.n != 1)
		return;
	/* p->f loads p; s.f names s without loading it */
	base = cursor_type_is_pointer(clang_getCursorType(kd.v[0])) ? CTX_LOAD :
								      CTX_ADDR;
	visit_address(b, e, kd.v, &base, 1);
}

void expr_subscript(struct builder *b, CXCursor c, enum ctx ctx)
{
	struct kids kd = cursor_kids(c);
	struct event *e = shapes_access(b, c, ctx);
	enum ctx ctxs[2] = { CTX_ADDR, CTX_LOAD };

	if (kd.n != 2)
		return;
	/* an array decays to a pointer here, but a[i] does not load a */
	if (cursor_type_is_pointer(clang_getCursorType(cursor_strip(kd.v[0]))))
		ctxs[0] = CTX_LOAD;
	visit_address(b, e, kd.v, ctxs, 2);
}

void expr_declref(struct builder *b, CXCursor c, enum ctx ctx)
{
	CXCursor ref = clang_getCursorReferenced(c);

	if (clang_getCursorKind(ref) != CXCursor_VarDecl &&
	    clang_getCursorKind(ref) != CXCursor_ParmDecl)
		return;
	if (cursor_is_local_var(ref)) {
		struct local_val *lv;

		if (b->coll && ctx == CTX_LOAD &&
		    (lv = defuse_local(b, ref, false)))
			defuse_merge(b->coll, &lv->src);
		return;
	}
	shapes_access(b, c, ctx);
}

/*
 * A declaration evaluates its initializer only: the other children are
 * its type's, and typeof(*p) in "typeof(*p) *local = READ_ONCE(p)" (the
 * kernel's rcu_dereference()) reads nothing. A local's value comes from
 * the loads of its initializer.
 */
void expr_var_decl(struct builder *b, CXCursor c)
{
	CXCursor init = clang_Cursor_getVarDeclInitializer(c);
	struct srcset val, *outer;
	struct local_val *lv;

	if (!cursor_is_local_var(c)) {
		if (!clang_Cursor_isNull(init))
			visit(b, init, CTX_LOAD);
		return;
	}
	outer = defuse_begin(b, &val);
	if (!clang_Cursor_isNull(init))
		visit(b, init, CTX_LOAD);
	defuse_end(b, outer);
	lv = defuse_local(b, c, true);
	defuse_clear(&lv->src);
	defuse_merge(&lv->src, &val);
	free(val.v);
}

/* (typeof(x) *)&x: the operand is the last child, the rest is the type. */
void expr_cast(struct builder *b, CXCursor c, enum ctx ctx)
{
	CXCursor operand;

	if (cursor_last_child(c, &operand))
		visit(b, operand, ctx == CTX_ADDR ? CTX_ADDR : CTX_LOAD);
}
