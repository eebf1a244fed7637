// SPDX-License-Identifier: GPL-2.0
/*
 * "ordercheck report --from-json FILE": a page (--format=html) from the
 * findings of an earlier --format=json run, without checking again.
 */
#include "report_cmd.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../report/report.h"
#include "../util.h"

static void usage(FILE *out)
{
	fputs("usage: ordercheck report --from-json FILE [-o OUT.html] "
	      "[--rule-docs URL] [--base DIR]\n"
	      "  the html page of the findings of an earlier --format=json "
	      "run;\n  relative paths in it are read below DIR (default: "
	      "here)\n",
	      out);
}

int report_cmd_main(int argc, char **argv, const char *base,
		    const char *default_rule_docs)
{
	const char *from = NULL, *output = NULL, *docs = default_rule_docs;
	const char *dir = base;
	struct diag_list l = { 0 };
	char *text = NULL, *err = NULL, *cmd;
	unsigned files = 0;
	size_t len;
	int i, rc = 2;
	FILE *out = stdout;

	/* every option takes a value: two arguments a step */
	for (i = 1; i < argc; i += 2) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		}
		if (!v) {
			usage(stderr);
			return 2;
		}
		if (!strcmp(a, "--from-json"))
			from = v;
		else if (!strcmp(a, "-o"))
			output = v;
		else if (!strcmp(a, "--rule-docs"))
			docs = v;
		else if (!strcmp(a, "--base"))
			dir = v;
		else {
			usage(stderr);
			return 2;
		}
	}
	if (!from) {
		usage(stderr);
		return 2;
	}
	if (!(text = read_file(from, &len))) {
		fprintf(stderr, "ordercheck: %s: %s\n", from, strerror(errno));
		return 2;
	}
	if (report_read_json(text, len, &l, &files, &err)) {
		fprintf(stderr,
			"ordercheck: %s: not --format=json output: %s\n", from,
			err);
		goto out;
	}
	if (output && !(out = fopen(output, "w"))) {
		fprintf(stderr, "ordercheck: %s: %s\n", output,
			strerror(errno));
		goto out;
	}
	cmd = xasprintf("ordercheck report --from-json %s", from);
	{
		struct html_info hi = {
			files, -1, dir, docs, cmd, NULL, NULL, 0
		};

		report_html(out, &l, &hi);
	}
	free(cmd);
	rc = 0;
	if (out != stdout && fclose(out))
		rc = 2;
out:
	free(err);
	free(text);
	diag_list_free(&l);
	return rc;
}
