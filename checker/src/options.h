/* SPDX-License-Identifier: GPL-2.0 */
/* The command line: one table of flags, parsed into struct options. */
#ifndef ORDERCHECK_OPTIONS_H
#define ORDERCHECK_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

enum out_format {
	FMT_TEXT,
	FMT_JSON,
};

struct options {
	char **files;
	int nfiles;
	char **flags; /* compiler flags, after "--" */
	int nflags;
	const char *build_dir; /* -p */
	int jobs; /* -j; 0 in-process (--no-fork) */
	unsigned timeout;
	enum out_format format;
	const char *output; /* -o FILE, or NULL for stdout */
	const char *resource_dir;
	bool fix, fix_diff, verify, dump_ir, list_rules, old_bitops, help,
		version;
};

/*
 * Parse argv into @o. Returns 0, or -1 after printing why to stderr
 * (unknown flag, missing argument, unknown rule id).
 */
int options_parse(int argc, char **argv, struct options *o);
void options_usage(FILE *out);
void options_free(struct options *o);

#endif
