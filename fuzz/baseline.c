// SPDX-License-Identifier: GPL-2.0
/*
 * The baseline reader (report/baseline.c): any bytes as the --baseline
 * file, filtering findings whose fingerprints the seeds hold.
 */
#include "fuzz.h"

#include "report/baseline.h"
#include "report/fingerprint.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[128];
	struct diag_list l = { 0 };
	FILE *devnull = fopen("/dev/null", "w");
	char **fps;
	unsigned n;

	if (!path[0])
		snprintf(path, sizeof(path), "%s/baseline", fuzz_dir());
	if (!devnull || fuzz_write(path, data, size))
		abort();
	diag_add(&l, "mb-after-atomic", SEV_WARNING, "bad.c", 14, 2, "f",
		 "smp_mb() directly after a void atomic");
	diag_add(&l, "mb-after-atomic", SEV_WARNING, "bad.c", 23, 2, "g",
		 "smp_mb() directly after a void atomic");
	diag_add(&l, NULL, SEV_ERROR, "bad.c", 1, 1, "", "not a finding");
	fps = fingerprints_compute(&l);
	n = l.n;
	baseline_filter(path, &l, fps, devnull);
	fingerprints_free(fps, n);
	diag_list_free(&l);
	fclose(devnull);
	return 0;
}
