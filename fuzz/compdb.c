// SPDX-License-Identifier: GPL-2.0
/*
 * The compile-database reader: any bytes as compile_commands.json, through
 * our check (driver/compdb_check.c) and, when that accepts them, libclang's
 * reader and the jobs made from its entries (tu/frontend.c), as -p does.
 */
#include "fuzz.h"

#include "driver/compdb_check.h"
#include "tu/frontend.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[128];
	static char *only[] = { "a.c" };
	char *err = NULL;
	struct tu_job *jobs = NULL;
	unsigned njobs = 0;
	int pass;

	if (!path[0])
		snprintf(path, sizeof(path), "%s/compile_commands.json",
			 fuzz_dir());
	if (compdb_check_text(path, (const char *)data, size, &err)) {
		free(err);
		return 0;
	}
	if (fuzz_write(path, data, size))
		abort();
	/* every entry, then the entries of one file named on the command line */
	for (pass = 0; pass < 2; pass++) {
		if (frontend_jobs_from_database(fuzz_dir(), "/tmp", only, pass,
						&jobs, &njobs, &err))
			free(err);
		err = NULL;
		frontend_jobs_free(jobs, njobs);
		jobs = NULL;
		njobs = 0;
	}
	return 0;
}
