/* SPDX-License-Identifier: GPL-2.0 */
/* The context function rules run in: what the driver of one TU sets up. */
#ifndef ORDERCHECK_RULES_CONTEXT_H
#define ORDERCHECK_RULES_CONTEXT_H

#include <stdarg.h>

#include "../diag.h"
#include "../events/events.h"

struct rule;
struct tu_summary;
struct tu_ir;

/*
 * Rules reach it only through rule.h's calls; its fields are here so that
 * the driver can keep it on its stack and tu_summary.c can answer
 * rule_tu_*() from it.
 */
struct header_summary {
	const char *file;
	struct tu_summary *s;
};

struct rule_ctx {
	const struct tu_ir *ir;
	const char *main; /* the .c file: the first non-header function's */
	struct diag_list *out; /* where findings go */
	/* what the TU says (tu_summary.c), for the function being checked */
	struct tu_summary *tu;
	struct tu_summary *whole; /* every function's */
	struct header_summary *headers; /* a header's own functions' */
	unsigned nheaders;
};

/*
 * Ready @ctx for the rules over @ir's functions: the TU's summary is made
 * first, so that a rule on the first function sees the last one's stores.
 */
void rule_ctx_init(struct rule_ctx *ctx, const struct tu_ir *ir,
		   struct diag_list *out);
void rule_ctx_fini(struct rule_ctx *ctx);

/*
 * Ready @ctx for the rules on @fn. A function of a shared header is
 * judged by what its own file says: it is checked once, in whichever TU
 * reaches it first, so what the .c file around it does must not sway its
 * findings. A header beside the .c file is taken as part of it.
 */
void rule_ctx_enter(struct rule_ctx *ctx, const struct function_ir *fn);

/*
 * Where both scopes' findings and notes are made (rule_report(),
 * rule_tree_report(), ...): the message from @fmt and @ap, the
 * severity and fix safety from @self.
 */
struct oc_diag *rule_vreport(struct diag_list *out, const struct rule *self,
			     const char *file, unsigned line, unsigned col,
			     const char *function, const char *fmt, va_list ap);
void rule_vnote(struct oc_diag *d, const char *file, unsigned line,
		unsigned col, const char *fmt, va_list ap);

#endif
