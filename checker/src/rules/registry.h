/* SPDX-License-Identifier: GPL-2.0 */
/* The rule registry: lookup by id, enabling, listing, running. */
#ifndef ORDERCHECK_REGISTRY_H
#define ORDERCHECK_REGISTRY_H

#include <stdbool.h>
#include <stdio.h>

#include "rule.h"

const struct rule *registry_find(const char *id);
/* Returns 0, or -1 if @id names no rule. */
int registry_set_enabled(const char *id, bool on);
bool registry_enabled(const struct rule *r);
/* --verify: rules marked RULE_OPT_IN run unless -Wno-<id> says not. */
void registry_enable_opt_in(void);
/*
 * A remark of rule @id is shown: its rule does not mark remarks opt-in,
 * or -W<id> or --verify asks for them. A finding of no rule is shown.
 */
bool registry_remark_shown(const char *id);
/*
 * The rules whose opt-in remarks this run shows, as " -W<id>" each, in
 * @buf: what a kept result of the tree pass must have been made with.
 */
void registry_shown_remarks(char *buf, size_t n);
void registry_list(FILE *out);
unsigned registry_count(void);
const struct rule *registry_at(unsigned i);
/* The @i-th family in families.h order, or NULL past the last. */
const struct rule_family *registry_family_at(unsigned i);

/* Run every enabled function rule on @fn. */
void registry_run_function(struct rule_ctx *ctx, const struct function_ir *fn);
/* Run every enabled tree rule on candidate @c. */
void registry_run_tree(struct rule_tree_ctx *ctx,
		       const struct pair_candidate *c);

#endif
