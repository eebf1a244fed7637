// SPDX-License-Identifier: GPL-2.0
/* sparse and the Coccinelle rules on the same files, merged into ours. */
#include "engines.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "../datadir.h"
#include "../util.h"

/* "file:line:col" at @s; returns what follows ": ", or NULL. */
static char *parse_loc(char *s, char **file, unsigned *line, unsigned *col)
{
	char *c1 = strchr(s, ':'), *end;

	if (!c1 || c1 == s)
		return NULL;
	*line = (unsigned)strtoul(c1 + 1, &end, 10);
	if (end == c1 + 1 || *end != ':')
		return NULL;
	*col = (unsigned)strtoul(end + 1, &end, 10);
	while (*end == '-' || (*end >= '0' && *end <= '9'))
		end++; /* spatch's "col-col" */
	if (*end != ':' || end[1] != ' ')
		return NULL;
	*c1 = '\0';
	*file = s;
	return end + 2;
}

static void merge_sparse(const struct tu_job *j, struct diag_list *l)
{
	char **argv = xcalloc((size_t)j->nargs + 3, sizeof(*argv));
	char *out, *line, *save = NULL;
	struct oc_diag *last = NULL;
	int i, st;

	argv[0] = "sparse";
	for (i = 0; i < j->nargs; i++)
		argv[i + 1] = j->args[i];
	argv[j->nargs + 1] = j->file;
	out = run_capture(argv, j->dir, true, &st);
	free(argv);
	if (!out || (WIFEXITED(st) && WEXITSTATUS(st) == 127)) {
		diag_add(l, NULL, SEV_ERROR, j->file, 0, 0, NULL,
			 "--with-sparse: cannot run sparse (is it installed?)");
		free(out);
		return;
	}
	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *file, *msg;
		unsigned ln, col;

		if (!(msg = parse_loc(line, &file, &ln, &col)))
			continue;
		if (!strncmp(msg, "warning: ", 9) || !strncmp(msg, "error: ", 7)) {
			bool err = msg[0] == 'e';

			last = diag_add(l, "sparse", err ? SEV_ERROR : SEV_WARNING,
					file, ln, col, NULL,
					msg + (err ? 7 : 9));
		} else if (last && msg[0] == ' ') {
			/* sparse's indented continuation: part of the last */
			while (*msg == ' ')
				msg++;
			diag_add_note(last, file, ln, col, msg);
		}
	}
	free(out);
}

static bool reported(const struct diag_list *l, const char *rule,
		     const char *file, unsigned line)
{
	unsigned i;

	for (i = 0; i < l->n; i++)
		if (l->v[i].rule && !strcmp(l->v[i].rule, rule) &&
		    l->v[i].line == line && !strcmp(l->v[i].file, file))
			return true;
	return false;
}

/* The rule's "// Options:" header, as scripts/coccicheck reads it. */
static int cocci_options(const char *path, char **words, int max)
{
	char *text = read_file(path, NULL), *p, *save = NULL, *w;
	int n = 0;

	if (!text)
		return 0;
	p = strstr(text, "// Options:");
	if (p) {
		p[strcspn(p, "\n")] = '\0';
		for (w = strtok_r(p + 11, " \t", &save); w && n < max;
		     w = strtok_r(NULL, " \t", &save))
			words[n++] = xstrdup(w);
	}
	free(text);
	return n;
}

static void merge_cocci_rule(const char *rule_path, const struct tu_job *j,
			     struct diag_list *l)
{
	char *argv[24], *opts[8], *out, *line, *save = NULL;
	int n = 0, nopts = cocci_options(rule_path, opts, 8), i, st;
	struct diag_list mine = { 0 };

	argv[n++] = "spatch";
	argv[n++] = "--sp-file";
	argv[n++] = (char *)rule_path;
	argv[n++] = "-D";
	argv[n++] = "report";
	argv[n++] = "--very-quiet";
	argv[n++] = "--no-show-diff";
	for (i = 0; i < nopts; i++)
		argv[n++] = opts[i];
	argv[n++] = j->file;
	argv[n] = NULL;
	out = run_capture(argv, j->dir, true, &st);
	for (i = 0; i < nopts; i++)
		free(opts[i]);
	if (!out || (WIFEXITED(st) && WEXITSTATUS(st) == 127)) {
		diag_add(l, NULL, SEV_ERROR, j->file, 0, 0, NULL,
			 "--with-cocci: cannot run spatch (is coccinelle "
			 "installed?)");
		free(out);
		return;
	}
	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *file, *msg, *id, *close;
		unsigned ln, col;

		if (!(msg = parse_loc(line, &file, &ln, &col)) ||
		    strncmp(msg, "WARNING: ", 9))
			continue;
		msg += 9;
		id = strrchr(msg, '[');
		close = id ? strchr(id, ']') : NULL;
		if (!id || !close)
			continue;
		*close = '\0';
		*id = '\0';
		if (id > msg && id[-1] == ' ')
			id[-1] = '\0';
		/* spatch counts columns from 0 */
		if (!reported(l, id + 1, file, ln))
			diag_add(&mine, id + 1, SEV_WARNING, file, ln, col + 1,
				 NULL, msg);
	}
	diag_list_move(l, &mine);
	free(out);
}

static void merge_cocci(const char *dir, const struct tu_job *j,
			struct diag_list *l)
{
	DIR *d = dir ? opendir(dir) : NULL;
	struct dirent *e;

	if (!d) {
		/* none given, and none installed beside this binary */
		diag_add(l, NULL, SEV_ERROR, j->file, 0, 0, NULL,
			 "--with-cocci: no rules directory (--cocci-dir)");
		return;
	}
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		char *path;

		if (n < 6 || strcmp(e->d_name + n - 6, ".cocci"))
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		merge_cocci_rule(path, j, l);
		free(path);
	}
	closedir(d);
}

void engines_merge(const struct options *o, const struct tu_job *jobs,
		   unsigned njobs, struct diag_list *l)
{
	const char *dir =
		o->cocci_dir ? o->cocci_dir : datadir_path(DATA_COCCI);
	char *abs = NULL;
	unsigned i;

	if (dir)
		abs = dir[0] == '/' ? xstrdup(dir) : realpath(dir, NULL);
	for (i = 0; i < njobs; i++) {
		if (o->with_sparse)
			merge_sparse(&jobs[i], l);
		if (o->with_cocci)
			merge_cocci(abs ? abs : dir, &jobs[i], l);
	}
	free(abs);
	diag_list_sort_unique(l);
}
