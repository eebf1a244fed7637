/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The source text around a fact, for tree rules: facts keep a file and a
 * line, not the AST, so what a tree rule wants of the text (a comment
 * beside an access, a fix-it that moves a line) it reads from the file.
 */
#ifndef ORDERCHECK_RULES_TREE_SOURCE_H
#define ORDERCHECK_RULES_TREE_SOURCE_H

#include <stdbool.h>

#include "../diag.h"
#include "../pairs/facts.h"

/*
 * A comment on @at's line or the @above lines before it contains one of
 * @words (case-insensitive). False where the file cannot be read.
 */
bool tree_comment_mentions(const struct fact *at, unsigned above,
			   const char *const *words, unsigned nwords);

/*
 * Fix-its on @d that swap lines @l1 and @l2 of @file, where each is one
 * simple statement (ends in ';', opens no block, is no jump): the move
 * of an access or a barrier across its neighbour. Returns false and adds
 * nothing where either line is not that simple.
 */
bool tree_fix_swap_lines(struct oc_diag *d, const char *file, unsigned l1,
			 unsigned l2);

#endif
