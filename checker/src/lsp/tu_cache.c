// SPDX-License-Identifier: GPL-2.0
/* Translation units with precompiled preambles, one per open file. */
#include "tu_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../util.h"

struct tu_slot {
	char *path;
	struct tu_job job;
	char *db; /* the compile_commands.json the flags came from */
	struct timespec db_mtime;
	CXTranslationUnit tu;
	bool warm; /* re-parsed once: the preamble is built */
	unsigned long used;
};

struct tu_cache {
	const struct worker_opts *o;
	CXIndex idx;
	int cwd; /* our directory, which libclang changes */
	struct tu_slot *v;
	unsigned n;
	unsigned long clock;
};

/*
 * What the TU is parsed with. The same editor-independent flags as
 * frontend_parse() adds for the command line, so that both report the
 * same findings; keep the two in step.
 */
static const char **parse_argv(const struct tu_cache *c,
			       const struct tu_job *job, int *argc, char **wd)
{
	const char *rdir = c->o->frontend.resource_dir ?
				   c->o->frontend.resource_dir :
				   ORDERCHECK_RESOURCE_DIR;
	const char **argv = xcalloc((size_t)job->nargs + 12, sizeof(char *));
	bool has_rdir = false;
	int i, n = 0;

	for (i = 0; i < job->nargs; i++) {
		argv[n++] = job->args[i];
		has_rdir |= !strncmp(job->args[i], "-resource-dir", 13);
	}
	if (!has_rdir && rdir[0]) {
		argv[n++] = "-resource-dir";
		argv[n++] = rdir;
	}
	*wd = NULL;
	if (job->dir) {
		*wd = xasprintf("-working-directory=%s", job->dir);
		argv[n++] = *wd;
	}
	argv[n++] = "-idirafter";
	argv[n++] = ORDERCHECK_INCLUDE_DIR;
	argv[n++] = "-D__ORDERCHECK__=1";
	argv[n++] = "-w";
	argv[n++] = "-ferror-limit=0";
	*argc = n;
	return argv;
}

struct tu_cache *tu_cache_new(const struct worker_opts *o)
{
	struct tu_cache *c = xcalloc(1, sizeof(*c));

	c->o = o;
	c->idx = clang_createIndex(0, 0);
	c->cwd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return c;
}

static void slot_clear(struct tu_slot *s)
{
	if (s->tu)
		clang_disposeTranslationUnit(s->tu);
	free(s->path);
	free(s->db);
	compdb_job_clear(&s->job);
	memset(s, 0, sizeof(*s));
}

void tu_cache_free(struct tu_cache *c)
{
	unsigned i;

	for (i = 0; i < c->n; i++)
		slot_clear(&c->v[i]);
	free(c->v);
	clang_disposeIndex(c->idx);
	if (c->cwd >= 0)
		close(c->cwd);
	free(c);
}

static struct tu_slot *find(struct tu_cache *c, const char *path)
{
	unsigned i;

	for (i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].path, path))
			return &c->v[i];
	return NULL;
}

static void drop(struct tu_cache *c, struct tu_slot *s)
{
	slot_clear(s);
	*s = c->v[--c->n];
}

/* A new slot; past max_tus the least recently used TU is dropped first. */
static struct tu_slot *add(struct tu_cache *c, const char *path)
{
	unsigned i, old = 0;

	if (c->o->max_tus && c->n >= c->o->max_tus) {
		for (i = 1; i < c->n; i++)
			if (c->v[i].used < c->v[old].used)
				old = i;
		drop(c, &c->v[old]);
	}
	c->v = xrealloc(c->v, (c->n + 1) * sizeof(*c->v));
	memset(&c->v[c->n], 0, sizeof(c->v[0]));
	c->v[c->n].path = xstrdup(path);
	return &c->v[c->n++];
}

static struct timespec mtime_of(const char *f)
{
	struct stat st;
	struct timespec zero = { 0, 0 };

	return f && !stat(f, &st) ? st.st_mtim : zero;
}

static bool db_changed(const struct tu_slot *s)
{
	struct timespec t = mtime_of(s->db);

	return t.tv_sec != s->db_mtime.tv_sec ||
	       t.tv_nsec != s->db_mtime.tv_nsec;
}

/*
 * Find the flags: on the first check, and again when the database
 * changed (a rebuild). New flags mean a new TU.
 */
static void refresh_job(const struct tu_cache *c, struct tu_slot *s,
			const struct wire_req *r)
{
	struct compdb_opts o = c->o->db;
	struct tu_job job;
	char *db, *how = NULL, *argv[64];
	size_t i;

	if (s->job.file && !db_changed(s))
		return;
	/* the command line's settings first, then the client's */
	if (!o.ccdir && r->ccdir && *r->ccdir)
		o.ccdir = r->ccdir;
	if (!o.nfallback && r->fallback_len) {
		for (i = 0; i < r->fallback_len && o.nfallback < 64;
		     i += strlen(r->fallback + i) + 1)
			argv[o.nfallback++] = r->fallback + i;
		o.fallback = argv;
	}
	compdb_job_for(s->path, r->root, &o, c->o->frontend.base_dir, &job, &db,
		       &how);
	fprintf(stderr, "ordercheck lsp: %s: flags from %s\n", s->path, how);
	free(how);
	if (!s->job.file || !compdb_job_same(&job, &s->job)) {
		if (s->tu)
			clang_disposeTranslationUnit(s->tu);
		s->tu = NULL;
		compdb_job_clear(&s->job);
		s->job = job;
	} else {
		compdb_job_clear(&job);
	}
	free(s->db);
	s->db = db;
	s->db_mtime = mtime_of(db);
}

static const char *error_name(enum CXErrorCode e)
{
	switch (e) {
	case CXError_Crashed:
		return "libclang crashed on it";
	case CXError_InvalidArguments:
		return "invalid arguments";
	case CXError_ASTReadError:
		return "AST read error";
	default:
		return "libclang could not parse it";
	}
}

/*
 * libclang's real file system makes -working-directory the process's
 * directory (chdir) on the first parse, but a re-parse resolves relative
 * paths (kbuild's -I./include) against whatever the directory is then:
 * enter the entry's directory for both, and come back, so that paths we
 * spell relative (every display path) keep meaning what they meant.
 */
static void enter_dir(const struct tu_slot *s)
{
	if (s->job.dir && chdir(s->job.dir))
		fprintf(stderr, "ordercheck lsp: %s: %s\n", s->job.dir,
			strerror(errno));
}

static void restore_cwd(const struct tu_cache *c)
{
	if (c->cwd >= 0 && fchdir(c->cwd))
		fprintf(stderr, "ordercheck lsp: cannot return to our "
				"directory\n");
}

/*
 * Errors in the code (those with a location): one message at the first
 * one in the main file, so that the editor says why findings may be
 * missing. clangd shows the errors themselves.
 */
static void describe_errors(CXTranslationUnit tu, const char *base,
			    const char *path, struct diag_list *out)
{
	unsigned n = clang_getNumDiagnostics(tu), i, errors = 0, line = 0,
		 col = 0;
	char *first = NULL, *msg;

	for (i = 0; i < n; i++) {
		CXDiagnostic dg = clang_getDiagnostic(tu, i);
		CXFile f = NULL;
		unsigned l, cl;

		clang_getFileLocation(clang_getDiagnosticLocation(dg), &f, &l,
				      &cl, NULL);
		if (clang_getDiagnosticSeverity(dg) >= CXDiagnostic_Error &&
		    f) {
			errors++;
			if (!first) {
				CXString t = clang_getDiagnosticSpelling(dg);
				CXString fn = clang_getFileName(f);
				char *fp = path_display(base,
							clang_getCString(fn));
				char *me = path_display(base, path);

				first = xstrdup(clang_getCString(t));
				if (!strcmp(fp, me)) {
					line = l;
					col = cl;
				}
				free(fp);
				free(me);
				clang_disposeString(fn);
				clang_disposeString(t);
			}
		}
		clang_disposeDiagnostic(dg);
	}
	if (!first)
		return;
	msg = xasprintf("the file does not parse (%u error%s; the first: %s); "
			"ordercheck checked it as far as its AST goes",
			errors, errors == 1 ? "" : "s", first);
	diag_add(out, NULL, SEV_NOTE, path, line, col, "", msg);
	free(msg);
	free(first);
}

static CXTranslationUnit parse(struct tu_cache *c, struct tu_slot *s,
			       struct CXUnsavedFile *uf, struct diag_list *out,
			       bool *fatal)
{
	/*
	 * Not CreatePreambleOnFirstParse: building the preamble makes the
	 * first parse of a kernel file take twice as long, and the user waits
	 * for that one. libclang builds it on the first re-parse instead,
	 * which tu_cache_warm() does while the worker is idle.
	 */
	unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord |
			 CXTranslationUnit_KeepGoing |
			 CXTranslationUnit_PrecompiledPreamble;
	CXTranslationUnit tu = NULL;
	enum CXErrorCode e;
	char *wd;
	int argc;
	const char **argv = parse_argv(c, &s->job, &argc, &wd);

	enter_dir(s);
	e = clang_parseTranslationUnit2(c->idx, s->path, argv, argc, uf, 1,
					flags, &tu);
	restore_cwd(c);
	free(argv);
	free(wd);
	if (e != CXError_Success || !tu) {
		diag_add(out, NULL, SEV_ERROR, s->path, 0, 0, "",
			 error_name(e));
		*fatal = e == CXError_Crashed;
		return NULL;
	}
	return tu;
}

static long ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000 +
	       (t.tv_nsec - t0->tv_nsec) / 1000000;
}

bool tu_cache_check(struct tu_cache *c, const struct wire_req *r,
		    struct diag_list *out, bool *fatal, long *parse_ms)
{
	struct timespec t0;
	const char *path = r->file;
	struct tu_slot *s = find(c, path);
	struct CXUnsavedFile uf = { path, r->text, (unsigned long)r->text_len };
	struct analyze_opts ao = c->o->analyze;
	bool reparsed = false;

	*fatal = false;
	*parse_ms = 0;
	if (!s)
		s = add(c, path);
	s->used = ++c->clock;
	refresh_job(c, s, r);
	uf.Filename = s->job.file;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (s->tu) {
		int rc;

		enter_dir(s);
		rc = clang_reparseTranslationUnit(
			s->tu, 1, &uf, clang_defaultReparseOptions(s->tu));
		restore_cwd(c);
		/* after a failed reparse only dispose is allowed */
		if (rc) {
			clang_disposeTranslationUnit(s->tu);
			s->tu = NULL;
		} else {
			reparsed = true;
			s->warm = true;
		}
	}
	if (!s->tu) {
		s->tu = parse(c, s, &uf, out, fatal);
		s->warm = false;
	}
	*parse_ms = ms_since(&t0);
	if (!s->tu)
		return false;
	describe_errors(s->tu, c->o->frontend.base_dir, path, out);
	/* a fresh set each time: a header's findings must come back */
	ao.build.seen = seen_new();
	analyze_tu(s->tu, &ao, out, NULL);
	seen_free(ao.build.seen);
	return reparsed;
}

bool tu_cache_warm(struct tu_cache *c, const struct wire_req *r)
{
	struct tu_slot *s = find(c, r->file);
	struct CXUnsavedFile uf = { r->file, r->text,
				    (unsigned long)r->text_len };
	int rc;

	if (!s || !s->tu || s->warm)
		return false;
	s->warm = true;
	uf.Filename = s->job.file;
	enter_dir(s);
	rc = clang_reparseTranslationUnit(s->tu, 1, &uf,
					  clang_defaultReparseOptions(s->tu));
	restore_cwd(c);
	if (rc) {
		clang_disposeTranslationUnit(s->tu);
		s->tu = NULL;
	}
	return !rc;
}

void tu_cache_close(struct tu_cache *c, const char *path)
{
	struct tu_slot *s = find(c, path);

	if (s)
		drop(c, s);
}
