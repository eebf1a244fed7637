// SPDX-License-Identifier: GPL-2.0
/*
 * The reader of git diff for --changed-since (driver/diffread.c): any
 * bytes as `git diff --numstat -p -z -U0` output, then the questions
 * --changed-since asks of what it read, and untracked names on top.
 */
#include "fuzz.h"

#include "driver/diffread.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const asked[] = { "/r/a.c", "/r/a b.c",
					     "/r/\xc3\xbc.c", "/r/q\"x.c" };
	struct changed_lines *c = changed_lines_new("/r");
	FILE *devnull = fopen("/dev/null", "w");
	unsigned i, line;

	if (!devnull)
		abort();
	/* the input's own NUL-separated names are untracked files too */
	if (!changed_lines_read(c, (const char *)data, size, devnull))
		changed_lines_whole(c, (const char *)data,
				    strnlen((const char *)data, size));
	for (i = 0; i < sizeof(asked) / sizeof(asked[0]); i++)
		for (line = 0; line < 64; line++)
			changed_lines_has(c, asked[i], line);
	changed_lines_has(c, "/r/a.c", ~0u);
	changed_lines_free(c);
	fclose(devnull);
	return 0;
}
