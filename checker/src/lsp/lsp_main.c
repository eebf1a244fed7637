// SPDX-License-Identifier: GPL-2.0
/* `ordercheck lsp ...`: options, then the server, or the worker. */
#include "lsp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/registry.h"
#include "../util.h"
#include "loop.h"
#include "worker.h"

static void usage(FILE *out)
{
	fputs("usage: ordercheck lsp [OPTIONS] [-- FALLBACK-FLAGS]\n"
	      "       ordercheck lsp [OPTIONS] --wrap CLANGD [CLANGD-ARGS]\n"
	      "\n"
	      "A language server on stdin/stdout: ordercheck's findings as\n"
	      "diagnostics, its safe fixes as quick fixes. With --wrap it\n"
	      "runs clangd and merges both into one server.\n"
	      "\n"
	      "  --compile-commands-dir DIR  where compile_commands.json is\n"
	      "                    (default: the file's nearest parent with\n"
	      "                    one, or its build/, then the workspace)\n"
	      "  --fallback-flag FLAG  a flag for files with no entry\n"
	      "                    (repeatable; or FLAGS after --)\n"
	      "  --debounce MS     delay from an edit to the re-check (default\n"
	      "                    auto: the median of the last checks' times,\n"
	      "                    within 50 and 500 ms, as clangd's)\n"
	      "  --timeout S       give up on a check after S seconds (120)\n"
	      "  --max-tus N       parsed files kept with a preamble (16)\n"
	      "  --resource-dir DIR, --old-bitops, -W<id>, -Wno-<id>\n"
	      "                    as for the command line\n",
	      out);
}

struct args {
	struct lsp_opts o;
	bool worker, help;
	char **fallback; /* argv entries, not copies */
	int nfallback;
};

static const char *value(int argc, char **argv, int *i, const char *name)
{
	size_t n = strlen(name);

	if (!strncmp(argv[*i], name, n) && argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (!strcmp(argv[*i], name) && *i + 1 < argc)
		return argv[++*i];
	return NULL;
}

static int bad(const char *what, const char *arg)
{
	fprintf(stderr, "ordercheck lsp: %s: %s\n", what, arg);
	return -1;
}

/* clangd's --compile-commands-dir, which we then use too. */
static const char *clangd_ccdir(char **argv)
{
	int i;

	for (i = 1; argv[i]; i++) {
		if (!strncmp(argv[i], "--compile-commands-dir=", 23))
			return argv[i] + 23;
		if (!strcmp(argv[i], "--compile-commands-dir") && argv[i + 1])
			return argv[i + 1];
	}
	return NULL;
}

static int parse(int argc, char **argv, struct args *a)
{
	int i;
	const char *v;

	a->fallback = xcalloc((size_t)argc + 1, sizeof(char *));
	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];

		if (!strcmp(arg, "--worker")) {
			a->worker = true;
		} else if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
			a->help = true;
		} else if ((v = value(argc, argv, &i,
				      "--compile-commands-dir"))) {
			a->o.worker.db.ccdir = v;
		} else if ((v = value(argc, argv, &i, "--fallback-flag"))) {
			a->fallback[a->nfallback++] = (char *)v;
		} else if ((v = value(argc, argv, &i, "--debounce"))) {
			a->o.debounce = strcmp(v, "auto") ? atof(v) / 1000 : -1;
		} else if ((v = value(argc, argv, &i, "--timeout"))) {
			a->o.timeout = atof(v);
		} else if ((v = value(argc, argv, &i, "--max-tus"))) {
			a->o.worker.max_tus = (unsigned)atoi(v);
		} else if ((v = value(argc, argv, &i, "--resource-dir"))) {
			a->o.worker.frontend.resource_dir = v;
		} else if (!strcmp(arg, "--old-bitops")) {
			a->o.worker.analyze.build.old_bitops = true;
		} else if (!strncmp(arg, "-Wno-", 5)) {
			if (registry_set_enabled(arg + 5, false))
				return bad("no such rule", arg + 5);
		} else if (!strncmp(arg, "-W", 2) && arg[2]) {
			if (registry_set_enabled(arg + 2, true))
				return bad("no such rule", arg + 2);
		} else if (!strcmp(arg, "--wrap")) {
			if (i + 1 < argc && !strcmp(argv[i + 1], "--"))
				i++;
			if (i + 1 >= argc)
				return bad("--wrap needs a command", "clangd");
			a->o.wrap_argv = &argv[i + 1];
			return i;
		} else if (!strcmp(arg, "--")) {
			for (i++; i < argc; i++)
				a->fallback[a->nfallback++] = argv[i];
			return argc;
		} else {
			return bad("unknown option", arg);
		}
	}
	return argc;
}

/* The worker takes our options (those before --wrap), and the db dir. */
static char **worker_argv(int argc, char **argv, int upto, const char *ccdir)
{
	char **w = xcalloc((size_t)argc + 6, sizeof(char *));
	int n = 0, i;

	w[n++] = "ordercheck";
	w[n++] = "lsp";
	w[n++] = "--worker";
	if (ccdir) {
		w[n++] = "--compile-commands-dir";
		w[n++] = (char *)ccdir;
	}
	for (i = 1; i < upto && i < argc; i++)
		w[n++] = argv[i];
	return w;
}

int lsp_main(int argc, char **argv, const char *base)
{
	struct args a;
	struct server s;
	char *ccdir = NULL;
	int upto, rc;

	memset(&a, 0, sizeof(a));
	a.o.debounce = -1; /* adaptive, as clangd's */
	a.o.timeout = 120;
	a.o.worker.max_tus = 16;
	a.o.worker.frontend.base_dir = a.o.worker.analyze.build.base_dir = base;
	a.o.worker.frontend.editor = true;
	upto = parse(argc, argv, &a);
	if (upto < 0 || a.help) {
		usage(a.help ? stdout : stderr);
		free(a.fallback);
		return a.help ? 0 : 2;
	}
	a.o.worker.db.fallback = a.fallback;
	a.o.worker.db.nfallback = a.nfallback;
	if (a.worker) {
		rc = lsp_worker_main(&a.o.worker);
		free(a.fallback);
		return rc;
	}
	if (!a.o.worker.db.ccdir && a.o.wrap_argv &&
	    clangd_ccdir(a.o.wrap_argv))
		ccdir = path_absolute(clangd_ccdir(a.o.wrap_argv));
	else if (a.o.worker.db.ccdir)
		ccdir = path_absolute(a.o.worker.db.ccdir);
	a.o.worker_argv = worker_argv(argc, argv, upto, ccdir);
	server_init(&s, &a.o);
	rc = server_run(&s);
	server_free(&s);
	free(a.o.worker_argv);
	free(ccdir);
	free(a.fallback);
	return rc;
}
