/* SPDX-License-Identifier: GPL-2.0 */
/* What the libclang API does not hand over directly (cursor.c). */
#ifndef ORDERCHECK_EVENTS_CURSOR_H
#define ORDERCHECK_EVENTS_CURSOR_H

#include <clang-c/Index.h>

/* The body of the definition @def, or a null cursor. */
CXCursor cursor_body(CXCursor def);
/* clang_getCursorSpelling(@c), malloc'd. */
char *cursor_spelling(CXCursor c);

#endif
