// SPDX-License-Identifier: GPL-2.0
/* Folding: what the compiler can decide about a branch's condition. */
#include <stdlib.h>
#include <string.h>

#include "builder.h"

/* What is known of a value: the interval it lies in. */
struct range {
	long long lo, hi;
	const char *why; /* set when this subexpression decided it */
};

#define RANGE_ANY ((struct range){ -(1LL << 62), 1LL << 62, NULL })

static bool is_const(struct range r)
{
	return r.lo == r.hi;
}

static struct range konst(long long v, const char *why)
{
	struct range r = { v, v, why };

	return r;
}

static struct range fold(struct builder *b, CXCursor c);

static struct range fold_binary(struct builder *b, CXCursor c)
{
	struct kids kd = cursor_kids(c);
	struct range l, r;
	char *op;
	const char *lt, *rt, *me;
	struct range res = RANGE_ANY;

	if (kd.n != 2)
		return res;
	op = cursor_binary_op(b, c, kd.v[0]);
	l = fold(b, kd.v[0]);
	r = fold(b, kd.v[1]);
	me = text_of(b, c);
	lt = text_of(b, kd.v[0]);
	rt = text_of(b, kd.v[1]);
	if (is_const(l) && is_const(r) && strcmp(op, "/") && strcmp(op, "%")) {
		long long x = l.lo, y = r.lo;
		const char *why = l.why ? l.why : r.why;

		if (!strcmp(op, "+"))
			res = konst(x + y, why);
		else if (!strcmp(op, "-"))
			res = konst(x - y, why);
		else if (!strcmp(op, "*"))
			res = konst(x * y, why);
		else if (!strcmp(op, "&"))
			res = konst(x & y, why);
		else if (!strcmp(op, "|"))
			res = konst(x | y, why);
		else if (!strcmp(op, "^"))
			res = konst(x ^ y, why);
		else if (!strcmp(op, "=="))
			res = konst(x == y, why);
		else if (!strcmp(op, "!="))
			res = konst(x != y, why);
		else if (!strcmp(op, "<"))
			res = konst(x < y, why);
		else if (!strcmp(op, "<="))
			res = konst(x <= y, why);
		else if (!strcmp(op, ">"))
			res = konst(x > y, why);
		else if (!strcmp(op, ">="))
			res = konst(x >= y, why);
		else if (!strcmp(op, "&&"))
			res = konst(x && y, why);
		else if (!strcmp(op, "||"))
			res = konst(x || y, why);
	} else if (!strcmp(op, "||") &&
		   ((is_const(l) && l.lo) || (is_const(r) && r.lo))) {
		res = konst(1, me);
	} else if (!strcmp(op, "&&") &&
		   ((is_const(l) && !l.lo) || (is_const(r) && !r.lo))) {
		res = konst(0, me);
	} else if ((!strcmp(op, "%") && is_const(r) &&
		    (r.lo == 1 || r.lo == -1)) ||
		   ((!strcmp(op, "*") || !strcmp(op, "&")) &&
		    ((is_const(l) && !l.lo) || (is_const(r) && !r.lo)))) {
		res = konst(0, me);
	} else if (lt && rt && !strcmp(lt, rt) &&
		   (!strcmp(op, "-") || !strcmp(op, "^") || !strcmp(op, "!=") ||
		    !strcmp(op, "<") || !strcmp(op, ">"))) {
		res = konst(0, me);
	} else if (lt && rt && !strcmp(lt, rt) &&
		   (!strcmp(op, "==") || !strcmp(op, "<=") ||
		    !strcmp(op, ">="))) {
		res = konst(1, me);
	} else if (!strcmp(op, "&") && is_const(r) && r.lo >= 0) {
		res.lo = 0;
		res.hi = r.lo;
	} else if (!strcmp(op, "&") && is_const(l) && l.lo >= 0) {
		res.lo = 0;
		res.hi = l.lo;
	} else if (!strcmp(op, "%") && is_const(r) && r.lo > 1) {
		res.lo = l.lo >= 0 ? 0 : -(r.lo - 1);
		res.hi = r.lo - 1;
	} else if (!strcmp(op, ">") || !strcmp(op, ">=") || !strcmp(op, "<") ||
		   !strcmp(op, "<=") || !strcmp(op, "==") ||
		   !strcmp(op, "!=")) {
		/* a comparison decided by the ranges of its sides */
		bool gt = !strcmp(op, ">"), ge = !strcmp(op, ">="),
		     lt_ = !strcmp(op, "<"), le = !strcmp(op, "<="),
		     eq = !strcmp(op, "=="), ne = !strcmp(op, "!=");
		bool yes = (gt && l.lo > r.hi) || (ge && l.lo >= r.hi) ||
			   (lt_ && l.hi < r.lo) || (le && l.hi <= r.lo);
		bool no = (gt && l.hi <= r.lo) || (ge && l.hi < r.lo) ||
			  (lt_ && l.lo >= r.hi) || (le && l.lo > r.hi) ||
			  ((eq || ne) && (l.hi < r.lo || r.hi < l.lo));

		if ((yes || no) && !(is_const(l) && is_const(r)))
			res = konst(ne ? !no : yes, me);
		else if (eq && no)
			res = konst(0, me);
		else if (ne && no)
			res = konst(1, me);
	}
	free(op);
	return res;
}

/*
 * What the compiler can decide about a condition: clang's constant
 * evaluation first (macros constant in this configuration), then the
 * algebra it applies to unknown values (q % 1, q || 1, q - q) and the
 * ranges it can prove ((q & 3) > 4).
 */
static struct range fold(struct builder *b, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXEvalResult er = clang_Cursor_Evaluate(c);
	struct range r = RANGE_ANY;
	struct kids kd;
	char *op;

	if (er) {
		if (clang_EvalResult_getKind(er) == CXEval_Int)
			r = konst(clang_EvalResult_getAsLongLong(er), NULL);
		clang_EvalResult_dispose(er);
		if (is_const(r))
			return r;
	}
	switch (k) {
	case CXCursor_ParenExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_CStyleCastExpr:
		kd = cursor_kids(c);
		return kd.n == 1 ? fold(b, kd.v[0]) : r;
	case CXCursor_BinaryOperator:
		return fold_binary(b, c);
	case CXCursor_UnaryOperator:
		kd = cursor_kids(c);
		if (kd.n != 1)
			return r;
		op = cursor_unary_op(b, c);
		r = fold(b, kd.v[0]);
		if (!strcmp(op, "!") && is_const(r))
			r = konst(!r.lo, r.why);
		else if (!strcmp(op, "!") && (r.lo > 0 || r.hi < 0))
			r = konst(0, text_of(b, c));
		else if (strcmp(op, "+"))
			r = RANGE_ANY;
		free(op);
		return r;
	default:
		return r;
	}
}

void fold_set(struct builder *b, struct event *e, CXCursor cond)
{
	struct range r = fold(b, cond);

	e->folds = is_const(r) ? (r.lo != 0) : -1;
	e->fold_reason = r.why;
	e->cond_text = text_of(b, cond);
}
