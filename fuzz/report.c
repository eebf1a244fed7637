// SPDX-License-Identifier: GPL-2.0
/*
 * "ordercheck report --from-json FILE" (driver/report_cmd.c): any bytes
 * as an earlier --format=json run, read back (report_read_json()) and
 * drawn as the html page, the snippets read below the source tree (the
 * seeds' paths are the testcases').
 */
#include "fuzz.h"

#include "driver/report_cmd.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[128];
	char *argv[] = {
		"report", "--from-json", path, "-o", "/dev/null", NULL
	};

	if (!path[0])
		snprintf(path, sizeof(path), "%s/report.json", fuzz_dir());
	if (fuzz_write(path, data, size))
		abort();
	/* its messages (not JSON, cannot open) are not a crash */
	fuzz_quiet_stdout();
	report_cmd_main(5, argv, ORDERCHECK_SOURCE_DIR,
			"https://example.invalid/rules");
	return 0;
}
