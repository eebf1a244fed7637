// SPDX-License-Identifier: GPL-2.0
/*
 * Shapes: what an access or an asm statement orders when no primitive's
 * name says it, from its type (volatile, _Atomic) or its clobbers.
 */
#include <string.h>

#include "builder.h"

static bool asm_clobbers_memory(struct builder *b, CXCursor c)
{
	CXToken *toks;
	unsigned n, i;
	bool r = false;

	clang_tokenize(b->tu, clang_getCursorExtent(c), &toks, &n);
	for (i = 0; i < n && !r; i++) {
		CXString s = clang_getTokenSpelling(b->tu, toks[i]);

		r = !strcmp(clang_getCString(s), "\"memory\"");
		clang_disposeString(s);
	}
	clang_disposeTokens(b->tu, toks, n);
	return r;
}

/* asm with a "memory" clobber: a compiler barrier known only by shape. */
void shapes_asm(struct builder *b, CXCursor c)
{
	struct event *e;

	if (!asm_clobbers_memory(b, c))
		return;
	e = event_new(b, EV_FENCE);
	e->name = "asm";
	e->cls = OC_CBAR;
	e->flags |= EVF_ASM;
	text_span_of_cursor(b, c, &e->span);
	event_emit(b, e);
}

/* The access @c makes in @ctx, if it is one: plain, volatile or _Atomic. */
struct event *shapes_access(struct builder *b, CXCursor c, enum ctx ctx)
{
	CXType t = clang_getCursorType(c);
	struct event *e;
	static const enum oc_kind kinds[] = {
		[CTX_LOAD] = K_LOAD,
		[CTX_STORE] = K_STORE,
		[CTX_RMW] = K_RMW,
	};

	if (ctx != CTX_LOAD && ctx != CTX_STORE && ctx != CTX_RMW)
		return NULL;
	e = event_new(b, EV_ACCESS);
	e->kind = kinds[ctx];
	if (t.kind == CXType_Atomic) {
		/* operators on _Atomic objects are seq_cst */
		e->flags |= EVF_ATOMIC_TYPE;
		e->name = "_Atomic operator";
		event_set_order(e, MO_SEQ_CST, MO_UNKNOWN);
	} else if (clang_isVolatileQualifiedType(t) ||
		   clang_isVolatileQualifiedType(clang_getCanonicalType(t))) {
		e->flags |= EVF_VOLATILE;
		e->name = "volatile access";
		e->cls = ctx == CTX_LOAD  ? OC_MLOAD :
			 ctx == CTX_STORE ? OC_MSTORE :
					    OC_RMW_RLX;
	} else {
		e->name = ctx == CTX_LOAD  ? "plain load" :
			  ctx == CTX_STORE ? "plain store" :
					     "plain read-modify-write";
		e->cls = OC_PLAIN;
	}
	if (cursor_type_is_pointer(t))
		e->flags |= EVF_POINTER;
	text_span_of_cursor(b, c, &e->span);
	e->key = lvalue_key(b, c);
	event_emit(b, e);
	return e;
}
