// SPDX-License-Identifier: GPL-2.0
/* The command line: one table of flags, parsed into struct options. */
#include "options.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../rules/registry.h"
#include "shard.h"
#include "../vocab/vocab.h"
#include "../util.h"

typedef int (*opt_fn)(struct options *o, const char *arg);

static int set_build_dir(struct options *o, const char *a)
{
	o->build_dir = a;
	return 0;
}

static int set_jobs(struct options *o, const char *a)
{
	char *end;
	long n = strtol(a, &end, 10);

	if (*end || n < 1 || n > 1024) {
		fprintf(stderr,
			"ordercheck: -j wants a number from 1 to 1024, "
			"not '%s'\n",
			a);
		return -1;
	}
	o->jobs = (int)n;
	return 0;
}

static int set_timeout(struct options *o, const char *a)
{
	char *end;
	long n = strtol(a, &end, 10);

	if (*end || n < 0) {
		fprintf(stderr,
			"ordercheck: --timeout wants seconds, not '%s'\n", a);
		return -1;
	}
	o->timeout = (unsigned)n;
	return 0;
}

static int set_format(struct options *o, const char *a)
{
	static const struct {
		const char *name;
		enum out_format f;
	} formats[] = { { "text", FMT_TEXT },
			{ "json", FMT_JSON },
			{ "sarif", FMT_SARIF },
			{ "codeclimate", FMT_CODECLIMATE },
			{ "html", FMT_HTML } };
	unsigned i;

	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (!strcmp(a, formats[i].name)) {
			o->format = formats[i].f;
			return 0;
		}
	fprintf(stderr,
		"ordercheck: unknown --format '%s' (text, json, sarif, "
		"codeclimate, html)\n",
		a);
	return -1;
}

static int set_rule_docs(struct options *o, const char *a)
{
	o->rule_docs = a;
	return 0;
}

static int set_output(struct options *o, const char *a)
{
	o->output = a;
	return 0;
}

static int set_resource_dir(struct options *o, const char *a)
{
	o->resource_dir = a;
	return 0;
}

#define STRING_FN(field)                                         \
	static int set_##field(struct options *o, const char *a) \
	{                                                        \
		o->field = a;                                    \
		return 0;                                        \
	}
STRING_FN(baseline)
STRING_FN(write_baseline)
STRING_FN(changed_since)
STRING_FN(cocci_dir)
STRING_FN(facts)
STRING_FN(emit_litmus)
STRING_FN(herd_dir)
STRING_FN(explain)

static int set_fail_on(struct options *o, const char *a)
{
	static const char *const levels[] = { "remark", "warning", "error" };
	int i;

	for (i = 0; i < 3; i++)
		if (!strcmp(a, levels[i])) {
			o->fail_on = i;
			return 0;
		}
	fprintf(stderr,
		"ordercheck: --fail-on wants remark, warning or "
		"error, not '%s'\n",
		a);
	return -1;
}

static int set_shard(struct options *o, const char *a)
{
	return shard_parse(a, &o->shard_k, &o->shard_n);
}

static int set_dialect(struct options *o, const char *a)
{
	int d = vocab_dialect_by_name(a);
	unsigned i;

	if (d >= 0) {
		o->dialect = d + 1;
		return 0;
	}
	fprintf(stderr, "ordercheck: unknown dialect '%s' (known:", a);
	for (i = 0; i < D_COUNT; i++)
		fprintf(stderr, " %s", vocab_dialect_name((enum oc_dialect)i));
	fprintf(stderr, ")\n");
	return -1;
}

#define FLAG_FN(field)                                           \
	static int set_##field(struct options *o, const char *a) \
	{                                                        \
		(void)a;                                         \
		o->field = true;                                 \
		return 0;                                        \
	}
FLAG_FN(fix)
FLAG_FN(fix_diff)
FLAG_FN(verify)
FLAG_FN(dump_ir)
FLAG_FN(list_rules)
FLAG_FN(list_rules_md)
FLAG_FN(old_bitops)
FLAG_FN(all_bodies)
FLAG_FN(help)
FLAG_FN(version)
FLAG_FN(werror)
FLAG_FN(with_sparse)
FLAG_FN(with_cocci)
FLAG_FN(no_facts)
FLAG_FN(herd)
FLAG_FN(stats)
FLAG_FN(pair_only)

static int set_no_fork(struct options *o, const char *a)
{
	(void)a;
	o->jobs = 0;
	return 0;
}

static const struct {
	const char *name;
	const char *metavar; /* NULL: takes no argument */
	opt_fn fn;
	const char *help;
} flags[] = {
	{ "-p", "BUILD_DIR", set_build_dir,
	  "check the files of BUILD_DIR/compile_commands.json" },
	{ "-j", "N", set_jobs, "worker processes (default: number of CPUs)" },
	{ "--format", "FMT", set_format,
	  "text (default), json, sarif (SARIF 2.1.0), codeclimate (GitLab) or "
	  "html (one self-contained page)" },
	{ "--rule-docs", "URL", set_rule_docs,
	  "html: rule pages are at URL<rule-id>/README.md (default: the "
	  "pages installed with ordercheck, as a file:// URL)" },
	{ "-o", "FILE", set_output, "write the report to FILE" },
	{ "--fix", NULL, set_fix, "apply the safe fix-its in place" },
	{ "--fix-diff", NULL, set_fix_diff,
	  "print the safe fix-its as a unified diff" },
	{ "--verify", NULL, set_verify,
	  "test mode: match findings with the files' expect- comments" },
	{ "--dump-ir", NULL, set_dump_ir, "print each function's events" },
	{ "--list-rules", NULL, set_list_rules, "list the rules and exit" },
	{ "--list-rules=md", NULL, set_list_rules_md,
	  "print the README's rules table (markdown) and exit" },
	{ "--dialect", "NAME", set_dialect,
	  "the dialect every file is written in, whose names the messages "
	  "speak: linux, gnu, c11, urcu, ... (default: from what each file "
	  "includes)" },
	{ "--old-bitops", NULL, set_old_bitops,
	  "test_and_*_bit() unordered on failure (kernels before v6.0)" },
	{ "--resource-dir", "DIR", set_resource_dir,
	  "clang's resource directory (builtin headers)" },
	{ "--timeout", "SECONDS", set_timeout,
	  "give up on a file, or on pairing the tree, after SECONDS "
	  "(default 300, 0: never)" },
	{ "--parse-all-bodies", NULL, set_all_bodies,
	  "parse every header function's body, even those no function of "
	  "the file can reach (slower; the findings are the same)" },
	{ "--no-fork", NULL, set_no_fork,
	  "check in this process (debugging; a crash ends the run)" },
	{ "--baseline", "FILE", set_baseline,
	  "report only findings not in FILE (see --write-baseline)" },
	{ "--write-baseline", "FILE", set_write_baseline,
	  "write the findings to FILE as the accepted baseline" },
	{ "--fail-on", "LEVEL", set_fail_on,
	  "lowest severity that makes the exit status 1: remark, warning "
	  "(default), error" },
	{ "--changed-since", "REV", set_changed_since,
	  "report only findings on lines changed since git REV" },
	{ "--Werror", NULL, set_werror,
	  "kbuild mode: findings make the exit status 1" },
	{ "--with-sparse", NULL, set_with_sparse,
	  "run sparse on each file with the same flags and merge its warnings" },
	{ "--with-cocci", NULL, set_with_cocci,
	  "run the Coccinelle rules on each file and merge their reports" },
	{ "--cocci-dir", "DIR", set_cocci_dir,
	  "where the .cocci rules are (default: installed with ordercheck)" },
	{ "--facts", "FILE", set_facts,
	  "the facts store (SQLite): unchanged files are not parsed again, "
	  "pairing sees the whole tree (default with -p: "
	  "BUILD_DIR/ordercheck-facts.sqlite)" },
	{ "--no-facts", NULL, set_no_facts,
	  "no facts store: parse every file, pair only the files named" },
	{ "--emit-litmus", "DIR", set_emit_litmus,
	  "write an LKMM (or C11) litmus test per pairing finding into DIR" },
	{ "--herd", NULL, set_herd,
	  "run herd7 on each litmus test and note its verdict" },
	{ "--herd-dir", "DIR", set_herd_dir,
	  "where herd7 finds linux-kernel.cfg (default: tools/memory-model)" },
	{ "--explain", "FILE:LINE", set_explain,
	  "print every pairing candidate of the accesses on FILE's LINE (or "
	  "LINE-LINE), and why it was or was not reported" },
	{ "--pair-only", NULL, set_pair_only,
	  "parse nothing: run the pairing rules over the facts store" },
	{ "--shard", "K/N", set_shard,
	  "with -p: check only the K-th of N stable parts of the database "
	  "and store its facts; pair the merged stores with --pair-only" },
	{ "--stats", NULL, set_stats,
	  "print each phase's time and memory on stderr (benchmarks)" },
	{ "--help", NULL, set_help, "this text" },
	{ "-h", NULL, set_help, "the same" },
	{ "--version", NULL, set_version, "print the version" },
};

#define NFLAGS (sizeof(flags) / sizeof(flags[0]))

void options_usage(FILE *out)
{
	unsigned i;

	fputs("usage: ordercheck [options] FILE... [-- COMPILER-FLAGS]\n"
	      "       ordercheck -p BUILD_DIR [options] [FILE...]\n"
	      "       ordercheck report --from-json FILE [-o OUT.html]\n\n",
	      out);
	for (i = 0; i < NFLAGS; i++) {
		char left[40];

		snprintf(left, sizeof(left), "%s%s%s", flags[i].name,
			 flags[i].metavar ? " " : "",
			 flags[i].metavar ? flags[i].metavar : "");
		fprintf(out, "  %-22s %s\n", left, flags[i].help);
	}
	fputs("  -W<rule-id>            enable an opt-in rule, or a rule's "
	      "opt-in remarks\n"
	      "                         (--list-rules says which)\n"
	      "  -Wno-<rule-id>         disable a rule\n\n"
	      "exit status: 0 clean, 1 findings, 2 usage or internal error\n",
	      out);
}

static int rule_flag(const char *a)
{
	bool on = strncmp(a, "-Wno-", 5) != 0;
	const char *id = on ? a + 2 : a + 5;

	if (registry_set_enabled(id, on)) {
		fprintf(stderr,
			"ordercheck: unknown rule '%s' in '%s' "
			"(--list-rules lists them)\n",
			id, a);
		return -1;
	}
	return 0;
}

/* Match "--name=value" and "--name value"; returns the flag index or -1. */
static int find_flag(const char *a, const char **inline_val)
{
	unsigned i;
	size_t n;

	*inline_val = NULL;
	for (i = 0; i < NFLAGS; i++) {
		n = strlen(flags[i].name);
		if (!strcmp(a, flags[i].name))
			return (int)i;
		if (flags[i].metavar && !strncmp(a, flags[i].name, n) &&
		    (a[n] == '=' || (flags[i].name[1] != '-' && a[n]))) {
			*inline_val = a + n + (a[n] == '=');
			return (int)i;
		}
	}
	return -1;
}

/*
 * Compiler options whose value is the next argument, as kbuild writes
 * them (-include FILE, -isystem DIR): in kbuild mode that argument is the
 * option's, not a file to check.
 */
static bool takes_value(const char *a)
{
	static const char *const opts[] = {
		"-include", "-isystem", "-imacros", "-idirafter", "-iquote",
		"-I",	    "-D",	"-U",	    "-o",	  "-x",
		"-MF",	    "-MT",	"-MQ",	    "-target",	  "--param",
		"-Xclang",  "-mllvm",	"-arch",    "-iprefix",
	};
	unsigned i;

	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if (!strcmp(a, opts[i]))
			return true;
	return false;
}

/* make C=1 or C=2 runs the checker with KBUILD_CHECKSRC set to 1 or 2. */
static bool called_by_kbuild(int argc, char **argv)
{
	const char *c = getenv("KBUILD_CHECKSRC");
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--"))
			return false;
	return c && (!strcmp(c, "1") || !strcmp(c, "2"));
}

int options_parse(int argc, char **argv, struct options *o)
{
	int i, f;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	const char *val;

	memset(o, 0, sizeof(*o));
	o->jobs = ncpu > 0 ? (int)ncpu : 1;
	o->timeout = 300;
	o->fail_on = 1; /* warnings and errors; remarks do not fail a run */
	o->files = xcalloc((size_t)argc, sizeof(char *));
	o->kbuild = called_by_kbuild(argc, argv);
	if (o->kbuild) {
		o->own_flags = xcalloc((size_t)argc, sizeof(char *));
		o->flags = o->own_flags;
	}
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--")) {
			o->flags = &argv[i + 1];
			o->nflags = argc - i - 1;
			break;
		}
		if (a[0] != '-' || !a[1]) {
			o->files[o->nfiles++] = argv[i];
			continue;
		}
		if (!strncmp(a, "-W", 2) && a[2] &&
		    (!o->kbuild ||
		     registry_find(a + (strncmp(a, "-Wno-", 5) ? 2 : 5)))) {
			if (rule_flag(a))
				return -1;
			continue;
		}
		f = find_flag(a, &val);
		if (f < 0 && o->kbuild) {
			/* the compiler's (or sparse's) flag, and its value */
			o->flags[o->nflags++] = argv[i];
			if (takes_value(a) && i + 1 < argc)
				o->flags[o->nflags++] = argv[++i];
			continue;
		}
		if (f < 0) {
			fprintf(stderr,
				"ordercheck: unknown option '%s' "
				"(--help lists them; compiler flags go after "
				"'--')\n",
				a);
			return -1;
		}
		if (flags[f].metavar && !val) {
			if (i + 1 >= argc) {
				fprintf(stderr, "ordercheck: %s needs %s\n", a,
					flags[f].metavar);
				return -1;
			}
			val = argv[++i];
		}
		if (flags[f].fn(o, val))
			return -1;
	}
	return 0;
}

void options_free(struct options *o)
{
	free(o->files);
	free(o->own_flags);
}
