// SPDX-License-Identifier: GPL-2.0
/*
 * Shapes: what an access or an asm statement orders when no primitive's
 * name says it, from its type (volatile, _Atomic) or its clobbers.
 */
#include <string.h>

#include "builder.h"

/*
 * Whether the asm statement's parentheses, read where the statement is
 * spelled (in a macro's definition, maybe in a header), name the "memory"
 * clobber. clang_tokenize() over the extent gives nothing when its two
 * ends are spelled in different files: a header macro's asm.
 */
static bool asm_clobbers_memory(struct builder *b, CXCursor c)
{
	CXFile f;
	unsigned off, depth = 0;
	const struct ir_file *fi;
	size_t i;

	if (!text_spelled(b, clang_getRangeStart(text_extent(b, c)), &f, &off))
		return false;
	fi = text_file(b, f);
	for (i = off; fi->buf && i < fi->len; i++) {
		char ch = fi->buf[i];

		if (ch == '"') {
			if (depth && !strncmp(fi->buf + i, "\"memory\"", 8))
				return true;
			for (i++; i < fi->len && fi->buf[i] != '"'; i++)
				if (fi->buf[i] == '\\')
					i++;
		} else if (ch == '(') {
			depth++;
		} else if (ch == ')' && depth && --depth == 0) {
			return false;
		} else if (ch == ';' && !depth) {
			return false;
		}
	}
	return false;
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
	e->base = lvalue_base(b, c);
	event_emit(b, e);
	return e;
}
