// SPDX-License-Identifier: GPL-2.0
/* Checking a set of files as one tree: store, workers, pairing. */
#include "tree.h"

#include <limits.h>
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../pairs/facts.h"
#include "../pairs/callers.h"
#include "../pairs/contexts.h"
#include "../pairs/inline.h"
#include "../pairs/inputs.h"
#include "../pairs/store.h"
#include "../rules/publish_readers.h"
#include "../rules/registry.h"
#include "../rules/tree_context.h"

struct tree {
	struct tu_job *jobs;
	unsigned njobs;
	const struct tree_opts *o;
	struct facts_store *store;
	struct job_result *res;
	bool *todo;
	char **key; /* each job's file, absolute: the store's key */
	char **command; /* hash of each job's command and our config */
	struct strset *mine; /* the keys of this run's jobs */
	/* the keys of the compile database's files, or NULL: no database */
	struct strset *db;
	/* --pair-only with files named: the keys of those, whose findings
	 * are reported; NULL: every file's */
	struct strset *named;
	const char *base; /* where we were started: names are shown from it */
};

/*
 * File names in the store are absolute, whatever directory the run that
 * stored them was started in; a run shows them relative to its own (as
 * the facts of the files it parses are), so that a header's functions
 * are one function however the runs were started.
 */
static char *to_absolute(const char *path, const void *base)
{
	char *joined = path[0] == '/' ?
			       xstrdup(path) :
			       xasprintf("%s/%s", (const char *)base, path),
	     *r = path_display("/", joined);

	free(joined);
	return r;
}

static char *to_shown(const char *path, const void *base)
{
	return path_display(base, path);
}

static void map_path(char **p, char *(*map)(const char *, const void *),
		     const void *base)
{
	char *m;

	if (!*p || !**p)
		return;
	m = map(*p, base);
	free(*p);
	*p = m;
}

/* The names of the files findings, notes and fixes are in, mapped. */
static void map_diags(struct diag_list *l,
		      char *(*map)(const char *, const void *),
		      const void *base)
{
	unsigned i, j;

	for (i = 0; i < l->n; i++) {
		map_path(&l->v[i].file, map, base);
		for (j = 0; j < l->v[i].nnotes; j++)
			map_path(&l->v[i].notes[j].file, map, base);
		for (j = 0; j < l->v[i].nfixes; j++)
			map_path(&l->v[i].fixes[j].file, map, base);
	}
}

/* The job's file as an absolute path, for a key that any cwd agrees on. */
static char *absolute(const struct tu_job *j)
{
	char buf[PATH_MAX], *joined, *r;

	if (j->file[0] == '/')
		joined = xstrdup(j->file);
	else if (j->dir)
		joined = xasprintf("%s/%s", j->dir, j->file);
	else if (getcwd(buf, sizeof(buf)))
		joined = xasprintf("%s/%s", buf, j->file);
	else
		joined = xstrdup(j->file);
	r = realpath(joined, buf) ? xstrdup(buf) : xstrdup(joined);
	free(joined);
	return r;
}

/*
 * The store's key for a job: its file, and for the second and later
 * entries of one file (Linux compiles lib/ctype.c for the kernel and for
 * the boot decompressor) the file and its rank, so that each entry keeps
 * a row of its own instead of evicting the other's on every run.
 */
static char *distinct_key(char *file, struct strset *keys)
{
	char *k = file;
	unsigned n;

	for (n = 2; !strset_add(keys, k); n++) {
		if (k != file)
			free(k);
		k = xasprintf("%s#%u", file, n);
	}
	if (k != file)
		free(file);
	return k;
}

/* The store's keys of the whole compile database, @db's or the jobs'. */
static struct strset *database_keys(const struct tu_job *db, unsigned n)
{
	struct strset *keys = strset_new();
	unsigned i;

	for (i = 0; i < n; i++)
		free(distinct_key(absolute(&db[i]), keys));
	return keys;
}

static bool stale(const char *file, void *arg)
{
	return !strset_has(arg, file);
}

static char *command_hash(const struct tu_job *j, const char *config)
{
	uint64_t h = hash64(config, strlen(config) + 1, HASH64_INIT);
	int i;

	h = hash64(j->file, strlen(j->file) + 1, h);
	if (j->dir)
		h = hash64(j->dir, strlen(j->dir) + 1, h);
	for (i = 0; i < j->nargs; i++)
		h = hash64(j->args[i], strlen(j->args[i]) + 1, h);
	return xasprintf("%016llx", (unsigned long long)h);
}

/* The diagnostics' record lines (the workers' wire form) as one string. */
static char *records_text(const struct diag_list *l)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return xstrdup("");
	diag_write_records(f, l);
	fclose(f);
	return buf ? buf : xstrdup("");
}

static int records_read(struct diag_list *l, const char *text)
{
	char *copy = xstrdup(text), *line, *next;
	int rc = 0;

	for (line = copy; *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (diag_read_record(l, line))
			rc = -1;
	}
	free(copy);
	return rc;
}

/* Reuse the stored row of job @i if nothing it depends on changed. */
static void reuse(struct tree *t, unsigned i, struct input_cache *ic)
{
	struct store_row r = { 0 };

	if (store_get(t->store, t->key[i], &r) != 1)
		return;
	if (!strcmp(r.command, t->command[i]) &&
	    inputs_unchanged(r.inputs, ic) &&
	    !records_read(&t->res[i].diags, r.diags)) {
		char *facts = facts_map_paths(r.facts, to_shown, t->base);

		map_diags(&t->res[i].diags, to_shown, t->base);
		/* the job's facts are this text: taken, not copied */
		free(t->res[i].facts.s);
		t->res[i].facts.s = facts;
		t->res[i].facts.len = strlen(facts);
		t->res[i].facts.cap = t->res[i].facts.len + 1;
		t->res[i].done = true;
		t->todo[i] = false;
	} else {
		diag_list_free(&t->res[i].diags);
	}
	store_row_free(&r);
}

static bool had_errors(const struct diag_list *l)
{
	unsigned i;

	for (i = 0; i < l->n; i++)
		if (!l->v[i].rule && l->v[i].sev == SEV_ERROR)
			return true;
	return false;
}

/*
 * Store what the checked files gave. A file with errors is not stored:
 * its problem (a missing header, a crash) may be gone next time.
 */
static int save(struct tree *t)
{
	struct store_row r = { 0 };
	unsigned i;
	int rc = store_begin(t->store);

	for (i = 0; i < t->njobs && !rc; i++) {
		if (!t->todo[i] || !t->res[i].done ||
		    had_errors(&t->res[i].diags))
			continue;
		r.file = t->key[i];
		r.command = t->command[i];
		r.inputs = t->res[i].inputs.s ? t->res[i].inputs.s : "";
		r.facts = facts_map_paths(
			t->res[i].facts.s ? t->res[i].facts.s : "", to_absolute,
			t->base);
		map_diags(&t->res[i].diags, to_absolute, t->base);
		r.diags = records_text(&t->res[i].diags);
		map_diags(&t->res[i].diags, to_shown, t->base);
		rc = store_put(t->store, &r);
		free(r.diags);
		free(r.facts);
	}
	return rc ? rc : store_commit(t->store);
}

static double now(void)
{
	return clock_seconds(CLOCK_MONOTONIC);
}

/* --stats: one line per phase, for bench/ (not for tests: times vary) */
static void stat_line(const struct tree *t, const char *phase, double since,
		      const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void stat_line(const struct tree *t, const char *phase, double since,
		      const char *fmt, ...)
{
	struct rusage ru;
	va_list ap;

	if (!t->o->stats)
		return;
	getrusage(RUSAGE_SELF, &ru);
	fprintf(stderr, "ordercheck: stats: %-8s %8.3f s  maxrss %ld KiB  ",
		phase, now() - since, ru.ru_maxrss);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

struct gather {
	struct tree *t;
	struct fact_set *set;
	struct diag_list seen; /* --pair-only: the stored per-file findings */
	int bad;
	uint64_t hash; /* of everything the pass reads: its memo's key */
};

/*
 * A row for a file outside this run: the rest of the tree. Not a row of a
 * file the compile database no longer has: that file is no part of the
 * tree now (prune_stale() deletes such rows where it can).
 */
static bool want_stored(const char *file, void *arg)
{
	struct gather *g = arg;

	if (g->t->db && !strset_has(g->t->db, file))
		return false;
	return strset_add(g->t->mine, file);
}

/* The store's rows for files outside this run (want_stored()). */
static void add_stored(const struct store_row *r, void *arg)
{
	struct gather *g = arg;

	struct diag_list seen = { 0 };
	char *facts;

	facts = facts_map_paths(r->facts, to_shown, g->t->base);
	g->hash = hash64(r->file, strlen(r->file) + 1, g->hash);
	g->hash = hash64(facts, strlen(facts) + 1, g->hash);
	if (r->diags)
		g->hash = hash64(r->diags, strlen(r->diags) + 1, g->hash);
	if (facts_set_add_text(g->set, r->file, facts))
		g->bad++;
	free(facts);
	/* what the per-function rules said, so that pairing does not repeat it */
	if (g->t->o->pair_only && r->diags) {
		if (records_read(&seen, r->diags))
			g->bad++;
		map_diags(&seen, to_shown, g->t->base);
		diag_list_move(&g->seen, &seen);
	}
}

/*
 * The whole-tree pass's result is kept in the store under a hash of all it
 * reads (every TU's facts and findings, this run's files, the
 * configuration): an unchanged tree is not paired again.
 */
static char *memo_key(const struct tree *t, const struct gather *g,
		      const struct diag_list *seen, const bool *report,
		      unsigned ntus)
{
	char *text = records_text(seen);
	uint64_t h = hash64(text, strlen(text) + 1, g->hash);
	const char *config = t->o->config ? t->o->config : "";
	char remarks[512];

	h = hash64(config, strlen(config) + 1, h);
	/* -W<id> shows remarks only the tree pass makes: its key, not the
	 * files' (their findings are the same) */
	registry_shown_remarks(remarks, sizeof(remarks));
	h = hash64(remarks, strlen(remarks) + 1, h);
	h = hash64(report, ntus * sizeof(*report), h);
	h = hash64(t->base ? t->base : "", t->base ? strlen(t->base) + 1 : 1,
		   h);
	free(text);
	return xasprintf("%d %016llx", t->o->pair_only, (unsigned long long)h);
}

/* The memo's findings if its key is @key: 1, else 0. */
static int memo_get(struct tree *t, const char *key, struct diag_list *found)
{
	char *v = t->store ? store_meta_get(t->store, "tree-pass") : NULL;
	size_t n = strlen(key);
	int hit = v && !strncmp(v, key, n) && v[n] == '\n' &&
		  !records_read(found, v + n + 1);

	if (v && !hit)
		diag_list_free(found);
	free(v);
	return hit;
}

static void memo_put(struct tree *t, const char *key,
		     const struct diag_list *found)
{
	char *text = records_text(found), *v;

	if (!t->store)
		goto out;
	v = xasprintf("%s\n%s", key, text);
	store_meta_put(t->store, "tree-pass", v);
	free(v);
out:
	free(text);
}

/*
 * --timeout covers the whole-tree pass too: past it, an error says so
 * (the run fails) and the findings so far, tree and per-file, are kept.
 */
static void pairing_expired(const struct tree *t, const struct fact_set *set,
			    struct diag_list *found)
{
	char *why = xasprintf("pairing the tree took more than %u seconds "
			      "and was stopped: its findings are incomplete "
			      "(raise --timeout, 0: never)",
			      t->o->timeout);

	diag_add(found, NULL, SEV_ERROR,
		 set->nfns ? set->fns[0].file : "ordercheck", 0, 0, NULL, why);
	free(why);
}

static double pairing_deadline(const struct tree *t)
{
	/* the tests' way to a pass out of time, as CRASH_ON is to a crash */
	if (getenv("ORDERCHECK_TEST_PAIRING_EXPIRED"))
		return now() - 1;
	return t->o->timeout ? now() + t->o->timeout : 0;
}

/*
 * The set holds every TU of the program: the whole compile database.
 * Files named without one may be a part of something larger.
 */
static bool whole_program(const struct tree *t, const struct fact_set *set)
{
	unsigned i, n = 0;

	if (!t->db)
		return false;
	for (i = 0; i < set->ntus; i++)
		n += strset_has(t->db, set->tus[i]);
	return n >= strset_count(t->db);
}

/* Returns true if some fact sets could not be read (pairing went on). */
static bool pair(struct tree *t, struct diag_list *out)
{
	struct fact_set set;
	struct gather g = { t, &set, { 0 }, 0, HASH64_INIT };
	char *key;
	struct diag_list found = { 0 };
	struct litmus_findings litmus = { 0 };
	bool *report, expired, located = false;
	unsigned i, nfacts = 0;
	double t0 = now(), t1;

	facts_set_init(&set);
	for (i = 0; i < t->njobs && !t->o->pair_only; i++) {
		const char *fx = t->res[i].facts.s ? t->res[i].facts.s : "";

		g.hash = hash64(t->key[i], strlen(t->key[i]) + 1, g.hash);
		g.hash = hash64(fx, strlen(fx) + 1, g.hash);
		strset_intern(t->mine, t->key[i], strlen(t->key[i]));
		/* one TU per job, even without facts: report[] counts on it */
		if (facts_set_add_text(&set, t->key[i],
				       t->res[i].facts.s ? t->res[i].facts.s :
							   ""))
			g.bad++;
	}
	/* findings only on this run's files; their partners from anywhere */
	if (t->store && store_each(t->store, want_stored, add_stored, &g))
		g.bad++;
	report = xcalloc(set.ntus ? set.ntus : 1, sizeof(*report));
	for (i = 0; i < set.ntus && (i < t->njobs || t->o->pair_only); i++)
		report[i] = !t->named || strset_has(t->named, set.tus[i]);
	if (g.bad)
		fprintf(stderr,
			"ordercheck: %d stored fact sets could not be "
			"read; pairing went on without them\n",
			g.bad);
	for (i = 0; i < set.nfns; i++)
		nfacts += set.fns[i].n;
	stat_line(t, "load", t0, "%u TUs, %u functions, %u facts", set.ntus,
		  set.nfns, nfacts);
	t1 = now();
	/*
	 * which functions one entry alone reaches, and the locks every
	 * caller holds, while calls are facts; then what helpers do for
	 * their callers. The function findings the tree judges need the
	 * first two: before the memo, which is keyed by those findings.
	 */
	if (!t->o->pair_only && publish_readers_wanted(out)) {
		facts_contexts(&set);
		facts_caller_locks(&set);
		located = true;
		publish_readers_filter(&set, whole_program(t, &set), out,
				       t->o->explain);
	}
	key = memo_key(t, &g, t->o->pair_only ? &g.seen : out, report,
		       set.ntus);
	if (!t->o->litmus.dir && !t->o->explain && memo_get(t, key, &found)) {
		stat_line(t, "pairing", t1, "%u findings, as the last run's",
			  found.n);
		goto done;
	}
	if (!located) {
		facts_contexts(&set);
		facts_caller_locks(&set);
	}
	facts_inline_callees(&set);
	for (nfacts = 0, i = 0; i < set.nfns; i++)
		nfacts += set.fns[i].n;
	stat_line(t, "inline", t1, "%u facts with callees inlined", nfacts);
	expired = rule_tree_run(&set, report, t->o->pair_only ? &g.seen : out,
				&found, t->o->litmus.dir ? &litmus : NULL,
				t->o->explain, pairing_deadline(t));
	if (expired)
		pairing_expired(t, &set, &found);
	/* the sinks after pairing: they need the facts, so before the free */
	litmus_emit(&litmus, &t->o->litmus, &found);
	litmus_findings_free(&litmus);
	stat_line(t, "pairing", t1, "%u findings", found.n);
	if (!t->o->litmus.dir && !expired)
		memo_put(t, key, &found);
done:
	diag_list_free(&g.seen);
	diag_list_move(out, &found);
	free(key);
	free(report);
	facts_set_free(&set);
	return g.bad > 0;
}

int tree_check(struct tu_job *jobs, unsigned njobs, const struct tree_opts *o,
	       struct check_opts *co, struct diag_list *out)
{
	struct tree t = { .jobs = jobs,
			  .njobs = njobs,
			  .o = o,
			  .base = co->frontend.base_dir };
	struct input_cache *ic = NULL;
	struct strset *keys = NULL;
	char *err = NULL;
	unsigned i, reused = 0;
	int rc = 0;
	double t0 = now();

	if (o->facts && !(t.store = store_open_or_rebuild(o->facts, &err))) {
		fprintf(stderr, "ordercheck: %s\n", err);
		free(err);
		return -1;
	}
	co->inputs = t.store != NULL;
	if (o->pair_only) {
		if (!t.store) {
			fprintf(stderr, "ordercheck: --pair-only needs a facts "
					"store (-p or --facts)\n");
			return -1;
		}
		t.mine = strset_new();
		/* files named: theirs reported, partners from the whole tree */
		if (o->from_db && o->db) {
			t.db = database_keys(o->db, o->ndb);
			t.named = database_keys(jobs, njobs);
		} else if (o->from_db) {
			t.db = database_keys(jobs, njobs);
		}
		/* a test run fails on lost facts, as the parsing run does */
		rc = pair(&t, out) && o->strict ? -1 : 0;
		diag_list_sort_unique(out);
		strset_free(t.mine);
		strset_free(t.db);
		strset_free(t.named);
		store_close(t.store);
		return rc;
	}
	t.res = xcalloc(njobs ? njobs : 1, sizeof(*t.res));
	t.todo = xcalloc(njobs ? njobs : 1, sizeof(*t.todo));
	t.key = xcalloc(njobs ? njobs : 1, sizeof(*t.key));
	t.command = xcalloc(njobs ? njobs : 1, sizeof(*t.command));
	t.mine = strset_new();
	keys = strset_new();
	if (t.store)
		ic = input_cache_new();
	for (i = 0; i < njobs; i++) {
		t.todo[i] = true;
		t.key[i] = distinct_key(absolute(&jobs[i]), keys);
		t.command[i] = command_hash(&jobs[i], o->config);
		if (t.store) {
			reuse(&t, i, ic);
			reused += !t.todo[i];
		}
	}
	/* the database's keys: the jobs' if they are all of it */
	if (o->from_db && o->db) {
		t.db = database_keys(o->db, o->ndb);
	} else if (o->from_db && !o->part) {
		t.db = keys;
		keys = NULL;
	}
	strset_free(keys);
	stat_line(&t, "reuse", t0, "%u of %u files unchanged", reused, njobs);
	t0 = now();
	if (t.store && !o->quiet && reused)
		fprintf(stderr,
			"ordercheck: %u of %u files unchanged since the "
			"last run (%s)\n",
			reused, njobs, o->facts);
	/*
	 * A worker learns the headers from the files it parses: with one
	 * file each, as kbuild runs us, learning them is all it would do.
	 */
	if (njobs - reused <= (o->nworkers ? o->nworkers : 1))
		co->blank_bodies = false;
	if (workers_run(jobs, njobs, t.todo, o->nworkers, o->timeout,
			co->frontend.base_dir, check_job, co, t.res)) {
		fprintf(stderr, "ordercheck: cannot start worker processes\n");
		rc = -1;
		goto out;
	}
	{
		/* the largest worker's peak: what one more -j costs */
		struct rusage ch;
		double parse = 0, rest = 0;
		unsigned i, blanked = 0, misses = 0;

		for (i = 0; i < njobs; i++) {
			parse += t.res[i].parse_cpu;
			rest += t.res[i].rest_cpu;
			blanked += t.res[i].blanked;
			misses += t.res[i].blank_misses;
		}
		getrusage(RUSAGE_CHILDREN, &ch);
		stat_line(&t, "check", t0,
			  "%u files parsed, largest worker maxrss %ld KiB; "
			  "CPU: parsing %.3f s, analysis %.3f s; %u header "
			  "bodies blanked, %u files parsed again whole",
			  njobs - reused, ch.ru_maxrss, parse, rest, blanked,
			  misses);
	}
	t0 = now();
	if (t.store && save(&t))
		fprintf(stderr,
			"ordercheck: the facts store was not updated\n");
	/*
	 * Rows of files the database no longer has are deleted where it is
	 * known whole: a run over all of it or over a shard of it (the
	 * shard's store has only its rows, all of them the database's).
	 */
	if (t.store && t.db && !o->part &&
	    store_delete_if(t.store, stale, t.db) < 0)
		fprintf(stderr,
			"ordercheck: the facts store's stale rows were not "
			"deleted\n");
	stat_line(&t, "store", t0, "%s", o->facts ? o->facts : "(none)");
	for (i = 0; i < njobs; i++)
		diag_list_move(out, &t.res[i].diags);
	diag_list_sort_unique(out);
	if (!o->shard && pair(&t, out) && o->strict)
		rc = -1;
	diag_list_sort_unique(out);
out:
	for (i = 0; i < njobs; i++) {
		job_result_free(&t.res[i]);
		free(t.key[i]);
		free(t.command[i]);
	}
	free(t.res);
	free(t.todo);
	free(t.key);
	free(t.command);
	strset_free(t.mine);
	strset_free(t.db);
	input_cache_free(ic);
	store_close(t.store);
	return rc;
}

int tree_merge_main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr,
			"usage: ordercheck merge-facts DST SRC...\n"
			"  copy the facts stores SRC into DST; for each "
			"file the newer check wins\n");
		return 2;
	}
	return store_merge(argv[1], argv + 2, argc - 2) ? 2 : 0;
}
