// SPDX-License-Identifier: GPL-2.0
/* Translation units with precompiled preambles, one per open file. */
#include "tu_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "../memo/memo.h"
#include "../util.h"

struct tu_slot {
	char *path;
	struct tu_job job;
	char *db; /* the compile_commands.json the flags came from */
	struct timespec db_mtime;
	CXTranslationUnit tu;
	struct doc_memo *memo; /* what its re-checks keep (memo/) */
	bool warm; /* re-parsed once: the preamble is built */
	bool whole; /* its re-checks walk the whole TU (full_idx) */
	unsigned long used;
};

struct tu_cache {
	const struct worker_opts *o;
	CXIndex idx;
	CXIndex full_idx; /* for the TUs the prefix memo cannot serve */
	struct tu_slot *v;
	unsigned n;
	unsigned long clock;
};

struct tu_cache *tu_cache_new(const struct worker_opts *o)
{
	struct tu_cache *c = xcalloc(1, sizeof(*c));

	c->o = o;
	/*
	 * excludeDeclarationsFromPCH: a walk of a TU re-parsed on its
	 * preamble shows only what was parsed after it, and skips reading
	 * back the preamble's preprocessing record, most of a re-check
	 * that keeps the functions; the prefix memo has the rest (build.h).
	 */
	c->idx = clang_createIndex(1, 0);
	c->full_idx = clang_createIndex(0, 0);
	return c;
}

static void slot_clear(struct tu_slot *s)
{
	if (s->tu)
		clang_disposeTranslationUnit(s->tu);
	doc_memo_free(s->memo);
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
	clang_disposeIndex(c->full_idx);
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

static long ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000 +
	       (t.tv_nsec - t0->tv_nsec) / 1000000;
}

/* A parse without a preamble: the memos start afresh. */
static void parse_anew(struct tu_cache *c, struct tu_slot *s,
		       struct CXUnsavedFile *uf, struct diag_list *out,
		       bool *fatal)
{
	*fatal =
		frontend_parse(s->whole ? c->full_idx : c->idx, &s->job,
			       &c->o->frontend, uf, &s->tu, out) == -FE_CRASHED;
	s->warm = false;
	doc_memo_free(s->memo);
	s->memo = doc_memo_new();
}

static int analyze(struct tu_slot *s, struct analyze_opts *ao,
		   struct diag_list *out)
{
	int rc;

	/* a fresh set each time: a header's findings must come back */
	ao->build.seen = seen_new();
	rc = analyze_tu(s->tu, ao, out, NULL);
	seen_free(ao->build.seen);
	ao->build.seen = NULL;
	return rc;
}

bool tu_cache_check(struct tu_cache *c, const struct wire_req *r,
		    struct diag_list *out, bool *fatal, long *parse_ms,
		    struct memo_kept *kept)
{
	struct timespec t0;
	const char *path = r->file;
	struct tu_slot *s = find(c, path);
	struct CXUnsavedFile uf = { path, r->text, (unsigned long)r->text_len };
	struct analyze_opts ao = c->o->analyze;
	bool reparsed = false;
	unsigned n0 = out->n;

	*fatal = false;
	*parse_ms = 0;
	memset(kept, 0, sizeof(*kept));
	if (!s)
		s = add(c, path);
	s->used = ++c->clock;
	refresh_job(c, s, r);
	uf.Filename = s->job.file;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (s->tu &&
	    !frontend_reparse(&s->tu, &s->job, &c->o->frontend, &uf, out)) {
		reparsed = true;
		s->warm = true;
	}
	/* a new TU, or a failed re-parse: frontend_reparse() dropped it */
	if (!s->tu)
		parse_anew(c, s, &uf, out, fatal);
	*parse_ms = ms_since(&t0);
	if (!s->tu)
		return false;
	ao.build.hooks = &doc_memo_hooks;
	ao.build.hooks_ctx = s->memo;
	ao.build.preamble = true;
	ao.build.local_view = reparsed && !s->whole;
	if (analyze(s, &ao, out) == EVENTS_NEED_FULL_VIEW) {
		if (!doc_memo_local_ok(s->memo)) {
			s->whole = true;
			fprintf(stderr,
				"ordercheck lsp: %s: its re-checks walk the "
				"whole TU (a header function that reads it is "
				"written by a macro)\n",
				s->path);
		}
		/* its diagnostics come again with the new parse */
		diag_list_truncate(out, n0);
		clang_disposeTranslationUnit(s->tu);
		s->tu = NULL;
		reparsed = false;
		parse_anew(c, s, &uf, out, fatal);
		*parse_ms = ms_since(&t0);
		if (!s->tu)
			return false;
		ao.build.hooks_ctx = s->memo;
		ao.build.local_view = false;
		analyze(s, &ao, out);
	}
	*kept = doc_memo_reused(s->memo);
	return reparsed;
}

bool tu_cache_warm(struct tu_cache *c, const struct wire_req *r)
{
	struct tu_slot *s = find(c, r->file);
	struct CXUnsavedFile uf = { r->file, r->text,
				    (unsigned long)r->text_len };

	if (!s || !s->tu || s->warm)
		return false;
	s->warm = true;
	uf.Filename = s->job.file;
	return !frontend_reparse(&s->tu, &s->job, &c->o->frontend, &uf, NULL);
}

void tu_cache_close(struct tu_cache *c, const char *path)
{
	struct tu_slot *s = find(c, path);

	if (s)
		drop(c, s);
}
