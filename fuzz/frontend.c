// SPDX-License-Identifier: GPL-2.0
/*
 * The C front end and everything after it: any bytes as a C file (seeds:
 * the rule testcases, which include <ordercheck/linux.h>) parsed by
 * libclang from an unsaved buffer, as the editor's worker does, then the
 * events, the per-function rules and the facts (tu/analyze.c), and the
 * facts read back as the pairing pass reads them (pairs/facts.c).
 */
#include "fuzz.h"

#include "tu/frontend.h"
#include "pairs/facts.h"
#include "tu/analyze.h"

static CXIndex idx;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	idx = clang_createIndex(0, 0);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char file[] = "/fuzz/input.c", std[] = "-std=gnu11";
	static char *args[] = { std };
	struct tu_job job = { 0 };
	struct frontend_opts fo = { 0 };
	struct analyze_opts ao = { 0 };
	struct CXUnsavedFile unsaved;
	struct diag_list msgs = { 0 };
	struct strbuf facts = { 0 };
	struct fact_set set;
	CXTranslationUnit tu;

	/* a kernel file is large, a mutated testcase is not */
	if (size > 65536)
		return 0;
	job.file = file;
	job.args = args;
	job.nargs = 1;
	fo.base_dir = ao.build.base_dir = "/";
	unsaved.Filename = job.file;
	unsaved.Contents = (const char *)data;
	unsaved.Length = (unsigned long)size;
	if (frontend_parse(idx, &job, &fo, &unsaved, &tu, &msgs) == 0) {
		analyze_tu(tu, &ao, &msgs, &facts);
		clang_disposeTranslationUnit(tu);
	}
	facts_set_init(&set);
	facts_set_add_text(&set, job.file, facts.s ? facts.s : "");
	facts_set_free(&set);
	free(facts.s);
	diag_list_free(&msgs);
	return 0;
}
