/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Our findings as LSP: diagnostics (source "ordercheck", code the rule
 * id, severity error 1 / warning 2 / remark 3, the notes as
 * relatedInformation) and, for the safe fix-its, quick fixes.
 */
#ifndef ORDERCHECK_LSP_RENDER_H
#define ORDERCHECK_LSP_RENDER_H

#include <stdbool.h>

#include "../diag.h"
#include "docs.h"

struct render_ctx {
	enum pos_enc enc;
	bool related; /* the client takes relatedInformation */
	const struct docs *docs; /* for notes in other open files */
};

/*
 * The results of checking @d, whose text is the text checked. Findings in
 * other files (headers) are left out: they belong to those files.
 */
void render_results(struct doc *d, const struct diag_list *l,
		    const struct render_ctx *rc);

/* A check that gave nothing: one diagnostic at the top saying why. */
void render_lost(struct doc *d, const char *why);

#endif
