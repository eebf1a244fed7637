/* SPDX-License-Identifier: GPL-2.0 */
/* The context function rules run in: what the driver of one TU sets up. */
#ifndef ORDERCHECK_RULES_CONTEXT_H
#define ORDERCHECK_RULES_CONTEXT_H

#include "../diag.h"
#include "../events.h"

struct tu_summary;
struct tu_ir;

/*
 * Rules reach it only through rule.h's calls; its fields are here so that
 * the driver can keep it on its stack and tu_summary.c can answer
 * rule_tu_*() from it.
 */
struct rule_ctx {
	const struct tu_ir *ir;
	struct diag_list *out; /* where findings go */
	struct tu_summary *tu; /* what the whole TU says (tu_summary.c) */
};

/*
 * Ready @ctx for the rules over @ir's functions: the TU's summary is made
 * first, so that a rule on the first function sees the last one's stores.
 */
void rule_ctx_init(struct rule_ctx *ctx, const struct tu_ir *ir,
		   struct diag_list *out);
void rule_ctx_fini(struct rule_ctx *ctx);

#endif
