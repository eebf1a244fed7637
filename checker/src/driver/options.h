/* SPDX-License-Identifier: GPL-2.0 */
/* The command line: one table of flags, parsed into struct options. */
#ifndef ORDERCHECK_OPTIONS_H
#define ORDERCHECK_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

enum out_format {
	FMT_TEXT,
	FMT_JSON,
	FMT_SARIF,
	FMT_CODECLIMATE,
	FMT_HTML,
};

struct options {
	char **files;
	int nfiles;
	char **flags; /* compiler flags, after "--" (kbuild: among ours) */
	int nflags;
	char **own_flags; /* kbuild mode: the array flags points to */
	const char *build_dir; /* -p */
	int jobs; /* -j; 0 in-process (--no-fork) */
	unsigned timeout;
	enum out_format format;
	const char *output; /* -o FILE, or NULL for stdout */
	const char *rule_docs; /* --rule-docs URL: html's rule pages */
	const char *resource_dir;
	const char *baseline,
		*write_baseline; /* --baseline, --write-baseline */
	const char *changed_since; /* --changed-since REV */
	int fail_on; /* lowest severity that fails the run (enum oc_severity) */
	bool fix, fix_diff, verify, dump_ir, list_rules, old_bitops, all_bodies,
		help, version;
	bool list_rules_md; /* --list-rules=md: the README's table */
	int dialect; /* --dialect: enum oc_dialect + 1, or 0 */
	/*
	 * kbuild's checker command line (make C=1 CHECK=ordercheck): sparse's
	 * flags among the compiler's, no "--"; report on stderr, exit 0 on
	 * findings unless --Werror.
	 */
	bool kbuild, werror;
	bool with_sparse, with_cocci;
	const char *cocci_dir; /* --cocci-dir: where the .cocci rules are */
	const char *facts; /* --facts FILE */
	bool no_facts;
	const char *emit_litmus, *herd_dir; /* --emit-litmus, --herd-dir */
	const char *explain; /* --explain FILE:LINE */
	bool herd, stats, pair_only;
	unsigned shard_k, shard_n; /* --shard K/N; N == 0: the whole database */
};

/*
 * Parse argv into @o. Returns 0, or -1 after printing why to stderr
 * (unknown flag, missing argument, unknown rule id).
 */
int options_parse(int argc, char **argv, struct options *o);
void options_usage(FILE *out);
void options_free(struct options *o);

#endif
