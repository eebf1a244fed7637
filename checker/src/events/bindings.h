/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Functions whose address the main file stores, and where: the slots an
 * indirect call goes through (call.c names such a call by its slot).
 */
#ifndef ORDERCHECK_EVENTS_BINDINGS_H
#define ORDERCHECK_EVENTS_BINDINGS_H

#include <clang-c/Index.h>

#include "tu.h"

/* Add to @out every function the main file of @tu stores, with its slot. */
void bindings_collect(CXTranslationUnit tu, struct tu_ir *out);

/* A field's slot: "field:" and its key ("field:struct file_operations.open"). */
char *bindings_field_slot(CXCursor field);

/* Argument @k (from 0) of calls of @callee: "arg:kthread_create_on_node#0". */
char *bindings_arg_slot(const char *callee, unsigned k);

#endif
