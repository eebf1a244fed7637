// SPDX-License-Identifier: GPL-2.0
/*
 * The facts-store loader: any bytes (seeds: real stores, so mutations land
 * in SQLite pages and in the facts and findings text of the rows) as the
 * store of `ordercheck --pair-only`, which opens it (a damaged one is set
 * aside and rebuilt), reads every row's facts and findings, and pairs
 * them (driver/tree.c).
 */
#include "fuzz.h"

#include <sqlite3.h>

#include "driver/tree.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[128], aside[160], journal[160];
	struct tree_opts o = { 0 };
	struct check_opts co = { 0 };
	struct diag_list out = { 0 };

	if (!path[0]) {
		snprintf(path, sizeof(path), "%s/facts.sqlite", fuzz_dir());
		snprintf(aside, sizeof(aside), "%s.corrupt", path);
		snprintf(journal, sizeof(journal), "%s-journal", path);
	}
	unlink(aside);
	unlink(journal);
	if (fuzz_write(path, data, size))
		abort();
	o.facts = path;
	o.pair_only = true;
	o.quiet = true;
	o.config = "fuzz";
	co.frontend.base_dir = co.analyze.build.base_dir = "/";
	tree_check(NULL, 0, &o, &co, &out);
	diag_list_free(&out);
	return 0;
}
