// SPDX-License-Identifier: GPL-2.0
/* Compiler flags for an editor buffer, from compile_commands.json. */
#include "compdb.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../util.h"

void compdb_job_copy(struct tu_job *dst, const struct tu_job *src)
{
	int i;

	dst->file = xstrdup(src->file);
	dst->dir = src->dir ? xstrdup(src->dir) : NULL;
	dst->nargs = src->nargs;
	dst->args = xcalloc((size_t)src->nargs + 1, sizeof(char *));
	for (i = 0; i < src->nargs; i++)
		dst->args[i] = xstrdup(src->args[i]);
}

void compdb_job_clear(struct tu_job *job)
{
	int i;

	free(job->file);
	free(job->dir);
	for (i = 0; i < job->nargs; i++)
		free(job->args[i]);
	free(job->args);
	memset(job, 0, sizeof(*job));
}

static int strcmp0(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

bool compdb_job_same(const struct tu_job *a, const struct tu_job *b)
{
	int i;

	if (strcmp0(a->file, b->file) || strcmp0(a->dir, b->dir) ||
	    a->nargs != b->nargs)
		return false;
	for (i = 0; i < a->nargs; i++)
		if (strcmp(a->args[i], b->args[i]))
			return false;
	return true;
}

/* @dir or @dir/build when it holds a readable database (malloc), or NULL. */
static char *db_dir(const char *dir)
{
	static const char *const sub[] = { "", "/build" };
	unsigned i;

	for (i = 0; i < 2; i++) {
		char *d = xasprintf("%s%s", dir, sub[i]);
		char *f = xasprintf("%s/compile_commands.json", d);
		int ok = !access(f, R_OK);

		free(f);
		if (ok)
			return d;
		free(d);
	}
	return NULL;
}

static char *find_db_dir(const char *path, const char *root,
			 const struct compdb_opts *o)
{
	char *dir, *slash, *hit = NULL;

	if (o->ccdir)
		return xstrdup(o->ccdir);
	dir = xstrdup(path);
	while ((slash = strrchr(dir, '/'))) {
		*slash = '\0';
		if ((hit = db_dir(*dir ? dir : "/")))
			break;
	}
	free(dir);
	if (!hit && root)
		hit = db_dir(root);
	return hit;
}

/* Common leading path components of the directories of a and b. */
static size_t common_dirs(const char *a, const char *b)
{
	size_t i, n = 0;

	for (i = 0; a[i] && a[i] == b[i]; i++)
		if (a[i] == '/')
			n++;
	return n;
}

/*
 * No entry for the file (a header, a new file): borrow the flags of the
 * entry nearest to it in the tree, as clangd does.
 */
static bool neighbour(const char *dbdir, const char *path, const char *base,
		      struct tu_job *job)
{
	struct tu_job *jobs = NULL;
	unsigned n = 0, i, best = 0;
	size_t score, top = 0;
	char *err = NULL;
	bool found = false;

	if (frontend_jobs_from_database(dbdir, base, NULL, 0, &jobs, &n,
					&err) &&
	    !n) {
		free(err);
		frontend_jobs_free(jobs, n);
		return false;
	}
	free(err);
	for (i = 0; i < n; i++) {
		char *f = path_absolute(jobs[i].file);

		score = common_dirs(f, path) + 1;
		free(f);
		if (score > top) {
			top = score;
			best = i;
		}
	}
	if (top) {
		compdb_job_copy(job, &jobs[best]);
		found = true;
	}
	frontend_jobs_free(jobs, n);
	return found;
}

void compdb_job_for(const char *path, const char *root,
		    const struct compdb_opts *o, const char *base,
		    struct tu_job *job, char **db, char **how)
{
	char *dir = find_db_dir(path, root, o), *err = NULL;
	struct tu_job *jobs = NULL;
	unsigned n = 0;
	char *only[1] = { (char *)path };

	*db = NULL;
	memset(job, 0, sizeof(*job));
	if (dir) {
		*db = xasprintf("%s/compile_commands.json", dir);
		if (!frontend_jobs_from_database(dir, base, only, 1, &jobs, &n,
						 &err) &&
		    n) {
			compdb_job_copy(job, &jobs[0]);
			*how = xasprintf("%s", *db);
		} else if (neighbour(dir, path, base, job)) {
			*how = xasprintf("%s (the entry of a neighbour, %s)",
					 *db, job->file);
		}
		free(err);
		frontend_jobs_free(jobs, n);
		free(dir);
	}
	if (!job->file) {
		frontend_job_from_args(job, path, o->fallback, o->nfallback);
		*how = xasprintf("the fallback flags (%d)%s%s", o->nfallback,
				 *db ? ": nothing usable in " : "",
				 *db ? *db : "");
		free(*db);
		*db = NULL;
	}
	/* the unsaved buffer must carry the very name the TU is parsed as */
	free(job->file);
	job->file = xstrdup(path);
}
