// SPDX-License-Identifier: GPL-2.0
/* ordercheck: argument handling and exit status, nothing else. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "changed.h"
#include "../events/build.h"
#include "../lsp/lsp.h"
#include "../report/baseline.h"
#include "../report/fingerprint.h"
#include "../report/report.h"
#include "../report/suppress.h"
#include "../rules/catalogue.h"
#include "../rules/registry.h"
#include "../datadir.h"
#include "../uri.h"
#include "../util.h"
#include "workers.h"
#include "check.h"
#include "compdb_check.h"
#include "shard.h"
#include "engines.h"
#include "options.h"
#include "report_cmd.h"
#include "tree.h"

enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_TROUBLE = 2 };

static int baseline_known = -1; /* findings the baseline dropped */

/* Findings at or above the --fail-on level. */
static unsigned count_failing(const struct diag_list *l, int level)
{
	unsigned i, n = 0;

	for (i = 0; i < l->n; i++)
		n += l->v[i].rule && (int)l->v[i].sev >= level;
	return n;
}

/*
 * What narrows the findings before they are reported: suppressions in
 * the source, --changed-since, the baseline. Returns 0 or -1.
 */
static int narrow(const struct options *o, const struct tu_job *jobs,
		  unsigned njobs, struct diag_list *l, char ***fps,
		  unsigned *nfps)
{
	char **files = xcalloc(njobs + 1, sizeof(*files));
	unsigned i;

	for (i = 0; i < njobs; i++)
		files[i] = jobs[i].file;
	suppress_apply(l, files, njobs);
	free(files);
	diag_list_sort_unique(l);
	if (o->changed_since && changed_filter(o->changed_since, l, stderr) < 0)
		return -1;
	*fps = fingerprints_compute(l);
	*nfps = l->n; /* the baseline frees or clears what it drops */
	if (o->write_baseline &&
	    baseline_write(o->write_baseline, l, *fps, stderr))
		return -1;
	if (o->baseline && (baseline_known = baseline_filter(o->baseline, l,
							     *fps, stderr)) < 0)
		return -1;
	return 0;
}

struct main_tree_opts {
	struct tree_opts t;
	char *config, *facts_owned;
	struct tu_job *db; /* the whole database, when the jobs are a part */
	unsigned ndb;
	struct tree_explain explain; /* --explain's line */
};

/*
 * Everything besides a file's own command that decides its findings, for
 * the facts store: this binary, the rules enabled, the flags that change
 * what a rule sees.
 */
static char *config_text(const struct options *o)
{
	struct strbuf b = { 0 };
	struct stat st;
	unsigned i;

	sb_printf(&b, "ordercheck %s", ORDERCHECK_VERSION);
	if (!stat("/proc/self/exe", &st))
		sb_printf(&b, " exe %lld.%ld %lld",
			  (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
			  (long long)st.st_size);
	sb_printf(&b, " bitops %d resource %s kbuild %d", o->old_bitops,
		  o->resource_dir ? o->resource_dir : "", o->kbuild);
	if (o->dialect)
		sb_printf(&b, " dialect %d", o->dialect);
	for (i = 0; i < registry_count(); i++)
		if (!registry_enabled(registry_at(i)))
			sb_printf(&b, " -Wno-%s", registry_at(i)->id);
	return sb_detach(&b);
}

static int tree_opts_from(const struct options *o, struct main_tree_opts *to)
{
	to->t.nworkers = (unsigned)o->jobs;
	to->t.timeout = o->timeout;
	to->t.litmus.dir = o->emit_litmus;
	to->t.litmus.herd = o->herd;
	to->t.litmus.herd_dir = o->herd_dir;
	if (o->explain) {
		if (tree_explain_parse(o->explain, &to->explain))
			return -1;
		to->t.explain = &to->explain;
	}
	to->t.quiet = o->kbuild || o->verify;
	to->t.strict = o->verify;
	to->t.stats = o->stats;
	to->t.pair_only = o->pair_only;
	to->t.shard = o->shard_n > 0;
	to->t.from_db = o->build_dir != NULL;
	to->t.db = to->db;
	to->t.ndb = to->ndb;
	to->t.part = o->nfiles > 0;
	to->config = config_text(o);
	to->t.config = to->config;
	if (o->facts)
		to->t.facts = o->facts;
	else if (o->build_dir && !o->no_facts && !o->dump_ir)
		to->t.facts = to->facts_owned =
			xasprintf("%s/ordercheck-facts.sqlite", o->build_dir);
	if (o->no_facts)
		to->t.facts = NULL;
	return 0;
}

static unsigned count_errors(const struct diag_list *l)
{
	unsigned i, n = 0;

	for (i = 0; i < l->n; i++)
		n += !l->v[i].rule && l->v[i].sev == SEV_ERROR;
	return n;
}

static int load_jobs(const struct options *o, const char *base,
		     struct tu_job **jobs, unsigned *njobs,
		     struct main_tree_opts *to)
{
	char *err = NULL;
	int i, rc;

	if (o->build_dir) {
		rc = compdb_check(o->build_dir, &err) ?
			     -1 :
			     frontend_jobs_from_database(o->build_dir, base,
							 o->files, o->nfiles,
							 jobs, njobs, &err);
		/* a part of the database: the whole, to tell stale rows */
		if (!rc && (o->nfiles || o->shard_n))
			rc = frontend_jobs_from_database(o->build_dir, base,
							 NULL, 0, &to->db,
							 &to->ndb, &err);
		if (rc) {
			fprintf(stderr, "ordercheck: %s\n", err);
			free(err);
		} else if (o->shard_n) {
			shard_select(*jobs, njobs, o->build_dir, o->shard_k,
				     o->shard_n);
		}
		return rc;
	}
	*jobs = xcalloc((size_t)o->nfiles, sizeof(**jobs));
	*njobs = (unsigned)o->nfiles;
	for (i = 0; i < o->nfiles; i++)
		frontend_job_from_args(&(*jobs)[i], o->files[i], o->flags,
				       o->nflags);
	return 0;
}

/*
 * Whether -o names a file of @jobs: the report would overwrite a source.
 * By device and inode when the output exists (./x.c is x.c, and so is a
 * link to it), else by name. Prints why and returns true.
 */
static bool output_is_input(const char *output, const struct tu_job *jobs,
			    unsigned njobs)
{
	struct stat out, in;
	bool exists = !stat(output, &out);
	unsigned i;

	for (i = 0; i < njobs; i++) {
		bool same = exists ? !stat(jobs[i].file, &in) &&
					     in.st_dev == out.st_dev &&
					     in.st_ino == out.st_ino :
				     !strcmp(jobs[i].file, output);

		if (!same)
			continue;
		fprintf(stderr,
			"ordercheck: -o %s names %s, a file to check; the "
			"report would overwrite it\n",
			output, jobs[i].file);
		return true;
	}
	return false;
}

static double mono_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double started;

/*
 * The html page links the rule pages installed with this binary (in a
 * build tree: the sources' testcases/), else testcases/ relative to the
 * page.
 */
static char *rule_docs(const char *given)
{
	const char *pages = datadir_path(DATA_RULE_PAGES);

	if (given)
		return xstrdup(given);
	if (pages)
		return uri_from_path(pages, true);
	return xstrdup("testcases/");
}

static char *utc_now(void)
{
	char buf[64];
	time_t t = time(NULL);
	struct tm tm;

	strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M UTC", gmtime_r(&t, &tm));
	return xstrdup(buf);
}

static void html(FILE *out, const struct options *o, const struct diag_list *l,
		 unsigned files, double seconds, const char *base,
		 const char *command)
{
	char *docs = rule_docs(o->rule_docs), *when = utc_now();
	struct html_info hi = { files,	 seconds, base,	       docs,
				command, when,	  o->baseline, baseline_known };

	report_html(out, l, &hi);
	free(docs);
	free(when);
}

static int report(const struct options *o, const struct diag_list *l,
		  char **fps, unsigned njobs, const char *base)
{
	/* kbuild prints what its checker says on stderr, as sparse does */
	FILE *out = o->kbuild && !o->output ? stderr : stdout;
	int rc = 0;

	if (o->output && !(out = fopen(o->output, "w"))) {
		fprintf(stderr, "ordercheck: %s: %s\n", o->output,
			strerror(errno));
		return -1;
	}
	if (o->fix_diff)
		rc = report_fix_diff(out, l, stderr);
	else if (o->format == FMT_JSON)
		report_json(out, l, njobs);
	else if (o->format == FMT_SARIF)
		report_sarif(out, l, fps);
	else if (o->format == FMT_CODECLIMATE)
		report_codeclimate(out, l, fps);
	else if (o->format == FMT_HTML)
		html(out, o, l, njobs, mono_seconds() - started, base, NULL);
	else if (o->kbuild)
		report_sparse_style(out, l);
	else
		report_text(out, l);
	if (o->fix && report_fix_apply(l, stderr) < 0)
		rc = -1;
	if (out != stdout && fclose(out))
		rc = -1;
	return rc;
}

int main(int argc, char **argv)
{
	struct options o;
	struct check_opts co = { 0 };
	struct tu_job *jobs = NULL;
	unsigned njobs = 0;
	struct diag_list l = { 0 };
	struct main_tree_opts to = { 0 };
	char **fps = NULL;
	unsigned nfps = 0;
	int status = EXIT_TROUBLE;
	/*
	 * Paths are shown relative to where we were started, before libclang
	 * moves us to a compile command's directory.
	 */
	char *base = path_cwd();

	started = mono_seconds();
	/* the language server has a command line of its own */
	if (argc > 1 && !strcmp(argv[1], "lsp")) {
		status = lsp_main(argc - 1, argv + 1, base);
		free(base);
		return status;
	}
	if (argc > 1 && !strcmp(argv[1], "report")) {
		char *docs = rule_docs(NULL);

		status = report_cmd_main(argc - 1, argv + 1, base, docs);
		free(docs);
		free(base);
		return status;
	}
	if (argc > 1 && !strcmp(argv[1], "merge-facts")) {
		free(base);
		return tree_merge_main(argc - 1, argv + 1);
	}
	if (options_parse(argc, argv, &o))
		goto out;
	if (o.verify) /* a testcase's expectations name every rule */
		registry_enable_opt_in();
	status = EXIT_CLEAN;
	if (o.help) {
		options_usage(stdout);
		goto out;
	}
	if (o.version) {
		printf("ordercheck %s\n", ORDERCHECK_VERSION);
		goto out;
	}
	if (o.list_rules) {
		registry_list(stdout);
		goto out;
	}
	if (o.list_rules_md) {
		catalogue_md(stdout);
		goto out;
	}
	status = EXIT_TROUBLE;
	/* a CI job pairing merged stores needs no compile database */
	if (!o.nfiles && !o.build_dir && !(o.pair_only && o.facts)) {
		options_usage(stderr);
		goto out;
	}
	if (o.shard_n && (!o.build_dir || o.pair_only || o.no_facts)) {
		fprintf(stderr,
			"ordercheck: --shard checks a part of -p "
			"BUILD_DIR's database into a facts store; it "
			"goes with neither --pair-only nor --no-facts\n");
		goto out;
	}
	if (load_jobs(&o, base, &jobs, &njobs, &to))
		goto out;
	/* with -p, any file of the database, checked this time or not */
	if (o.output && (output_is_input(o.output, jobs, njobs) ||
			 output_is_input(o.output, to.db, to.ndb)))
		goto out;
	co.frontend.resource_dir = o.resource_dir;
	co.frontend.base_dir = co.analyze.build.base_dir = base;
	co.analyze.build.old_bitops = o.old_bitops;
	co.analyze.build.dialect = o.dialect;
	co.analyze.build.seen = seen_new();
	if (o.dump_ir) {
		co.analyze.dump_ir = stdout;
		o.jobs = 0; /* print in order, from this process */
	}
	co.frontend.kbuild = o.kbuild;
	/* --dump-ir prints as it goes: a file checked twice would print twice */
	co.blank_bodies = !o.all_bodies && !o.dump_ir;
	if (o.kbuild && o.jobs > 1)
		o.jobs = 1; /* one file per call: one worker, for isolation */
	if (tree_opts_from(&o, &to) ||
	    tree_check(jobs, njobs, &to.t, &co, &l)) {
		free(to.config);
		free(to.facts_owned);
		free((char *)to.explain.file);
		goto out;
	}
	free(to.config);
	free(to.facts_owned);
	free((char *)to.explain.file);
	if (o.with_sparse || o.with_cocci)
		engines_merge(&o, jobs, njobs, &l);
	if (o.verify) {
		/* one call: files named together share their headers */
		status = report_verify(stdout, base, o.files,
				       (unsigned)o.nfiles, &l);
		status = status == 2 ? EXIT_TROUBLE : status;
	} else if (narrow(&o, jobs, njobs, &l, &fps, &nfps) ||
		   report(&o, &l, fps, njobs, base)) {
		status = EXIT_TROUBLE;
	} else if (o.kbuild) {
		/* a checker that fails stops the kernel build */
		status = o.werror && count_failing(&l, o.fail_on) ?
				 EXIT_FINDINGS :
				 EXIT_CLEAN;
	} else if (o.write_baseline) {
		/* the findings were wanted: they are the baseline now */
		status = count_errors(&l) ? EXIT_TROUBLE : EXIT_CLEAN;
	} else {
		status = count_errors(&l)	      ? EXIT_TROUBLE :
			 count_failing(&l, o.fail_on) ? EXIT_FINDINGS :
							EXIT_CLEAN;
	}
out:
	fingerprints_free(fps, nfps);
	diag_list_free(&l);
	seen_free(co.analyze.build.seen);
	check_done(&co);
	frontend_jobs_free(jobs, njobs);
	frontend_jobs_free(to.db, to.ndb);
	options_free(&o);
	free(base);
	return status;
}
