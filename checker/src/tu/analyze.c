// SPDX-License-Identifier: GPL-2.0
/*
 * The driver for one translation unit: build its events, run the function
 * rules on each function (rules/), write its facts for pairing (pairs/).
 */
#include "analyze.h"

#include "../pairs/facts.h"
#include "../rules/context.h"
#include "../rules/registry.h"
#include "../vocab/spell.h"

int analyze_tu(CXTranslationUnit tu, const struct analyze_opts *opts,
	       struct diag_list *out, struct strbuf *facts)
{
	struct tu_ir ir;
	struct rule_ctx ctx;
	unsigned i, n0 = out->n;
	int rc = events_build_tu(tu, &opts->build, &ir);

	if (rc)
		return rc;
	rule_ctx_init(&ctx, &ir, out);
	for (i = 0; i < ir.nfns; i++) {
		if (ir.fns[i]->repeat)
			continue;
		if (opts->dump_ir)
			events_dump(opts->dump_ir, ir.fns[i]);
		rule_ctx_enter(&ctx, ir.fns[i]);
		registry_run_function(&ctx, ir.fns[i]);
	}
	/* the findings in the words of the TU's dialect */
	for (i = n0; i < out->n; i++)
		spell_diag(&out->v[i], ir.dialect);
	if (facts)
		facts_write_tu(&ir, facts);
	for (i = 0; opts->built && i < ir.nfns; i++)
		opts->built(opts->built_arg, &ir, ir.fns[i]);
	rule_ctx_fini(&ctx);
	events_free_tu(&ir);
	return 0;
}
