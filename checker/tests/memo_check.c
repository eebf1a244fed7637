// SPDX-License-Identifier: GPL-2.0
/*
 * The editor's memo against a fresh build (memo/prefix.c): a file is
 * checked as the language server checks it, then edited at evenly spaced
 * lines, one edit at a time; after each, the events of the re-check that
 * kept functions from the memo must be those of a fresh parse and build
 * of the same text, byte for byte (events_dump()).
 *
 *	ordercheck_memo_check [-n EDITS] [-s] [-k KEPT] [-p BUILD_DIR] FILE
 *			      [-- FLAGS]
 *
 * Each edit is one of: a space at the end of a line, a blank line, a
 * comment line, a new function; before each, the memo is recorded anew
 * from the unedited text, or with -s the edits pile up, the memo moving
 * with them, as in an editing session. Prints
 * how many functions each re-check kept; exit status 1 on a difference,
 * or when the re-checks kept fewer than KEPT of the main file's functions
 * in all (a memo that keeps nothing is always the same as a fresh build).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events/build.h"
#include "events/events.h"
#include "filetext.h"
#include "memo/memo.h"
#include "tu/frontend.h"
#include "util.h"

/* A new parse for a local view that its memo cannot make up for. */
struct reparse {
	CXIndex idx, full_idx;
	bool whole; /* the memo cannot serve a local view: walk it all */
	const struct tu_job *job;
	struct frontend_opts *fo;
	struct CXUnsavedFile *uf;
	unsigned count;
};

static char *dump_tu(CXTranslationUnit *tu, struct build_opts *bo,
		     struct memo_kept *kept, struct reparse *rp)
{
	struct tu_ir ir;
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);
	unsigned i;
	struct diag_list msgs = { 0 };

	bo->seen = seen_new();
	/* as the worker (lsp/tu_cache.c): parsed anew, without a preamble */
	if (events_build_tu(*tu, bo, &ir) == EVENTS_NEED_FULL_VIEW) {
		rp->whole = rp->whole || !doc_memo_local_ok(bo->hooks_ctx);
		clang_disposeTranslationUnit(*tu);
		if (frontend_parse(rp->whole ? rp->full_idx : rp->idx, rp->job,
				   rp->fo, rp->uf, tu, &msgs)) {
			fprintf(stderr, "memo_check: does not parse again\n");
			exit(2);
		}
		rp->count++;
		seen_free(bo->seen);
		bo->seen = seen_new();
		bo->local_view = false;
		events_build_tu(*tu, bo, &ir);
		bo->local_view = !rp->whole;
	}
	diag_list_free(&msgs);
	for (i = 0; i < ir.nfns; i++)
		events_dump(f, ir.fns[i]);
	fclose(f);
	events_free_tu(&ir);
	seen_free(bo->seen);
	bo->seen = NULL;
	if (kept)
		*kept = doc_memo_reused(bo->hooks_ctx);
	return s;
}

/* The text with edit @kind at line @line (1-based), for the caller to free. */
static char *edited(const char *text, size_t len, unsigned line, int kind)
{
	static const char *const adds[] = { "", "\n", "/* an edit */\n",
					    "static int oc_memo_added(void)\n"
					    "{\n\treturn 1;\n}\n" };
	size_t at = 0, eol;
	unsigned l = 1;
	struct strbuf sb = { 0 };

	while (l < line && at < len) {
		if (text[at++] == '\n')
			l++;
	}
	for (eol = at; eol < len && text[eol] != '\n'; eol++)
		;
	if (kind == 0) {
		/* a space at the end of the line */
		sb_add(&sb, text, eol);
		sb_puts(&sb, " ");
		sb_add(&sb, text + eol, len - eol);
	} else {
		sb_add(&sb, text, at);
		sb_puts(&sb, adds[kind]);
		sb_add(&sb, text + at, len - at);
	}
	return sb.s ? sb.s : xstrdup("");
}

/* A line where a new function may go: one starting a definition. */
static unsigned top_level_line(const char *text, size_t len, unsigned from)
{
	size_t at = 0;
	unsigned l = 1;

	for (; at < len; at++) {
		if (l >= from && (at == 0 || text[at - 1] == '\n') &&
		    (!strncmp(text + at, "static ", 7) ||
		     !strncmp(text + at, "void ", 5) ||
		     !strncmp(text + at, "int ", 4)))
			return l;
		if (text[at] == '\n')
			l++;
	}
	return 0;
}

/*
 * __COUNTER__ counts from 0 again after a preamble: a function the memo
 * keeps from the first check, parsed without one, names
 * __compiletime_assert_1152 where a build on the preamble names _53.
 * The names __COUNTER__ makes lose their number here; nothing else does.
 */
static void uncount(char *s)
{
	static const char *const made[] = { "__compiletime_assert_",
					    "__UNIQUE_ID_" };
	char *w = s, *r = s;
	unsigned i;

	while (*r) {
		for (i = 0; i < sizeof(made) / sizeof(made[0]); i++)
			if (!strncmp(r, made[i], strlen(made[i])))
				break;
		if (i == sizeof(made) / sizeof(made[0])) {
			*w++ = *r++;
			continue;
		}
		memmove(w, r, strlen(made[i]));
		w += strlen(made[i]);
		r += strlen(made[i]);
		/* __UNIQUE_ID_ is followed by its prefix, then the count */
		while (*r && *r != ' ' && *r != '\n' && (*r < '0' || *r > '9'))
			*w++ = *r++;
		while (*r >= '0' && *r <= '9')
			r++;
		*w++ = '#';
	}
	*w = '\0';
}

static void first_difference(const char *a, const char *b)
{
	unsigned line = 1;
	const char *la = a, *lb = b;

	while (*a && *a == *b) {
		if (*a == '\n') {
			line++;
			la = a + 1;
			lb = b + 1;
		}
		a++;
		b++;
	}
	fprintf(stderr,
		"  first difference, dump line %u:\n  re-check: %.*s\n"
		"  fresh:    %.*s\n",
		line, (int)strcspn(la, "\n"), la, (int)strcspn(lb, "\n"), lb);
}

int main(int argc, char **argv)
{
	struct frontend_opts fo = { .editor = true };
	struct tu_job *jobs = NULL, job = { 0 };
	const struct tu_job *jp;
	unsigned nedits = 8, njobs = 0, lines = 1, i, bad = 0;
	unsigned min_kept = 0, kept = 0;
	const char *build = NULL, *file;
	char *text, *err = NULL, *cwd, *abs_file;
	size_t len;
	CXIndex idx, local_idx;
	CXTranslationUnit tu = NULL;
	struct reparse rp = { 0 };
	struct CXUnsavedFile uf;
	struct diag_list msgs = { 0 };
	struct build_opts bo = { 0 }, fresh_bo = { 0 };
	int a = 1;
	bool piled = false;

	/* as the editor's worker (lsp/worker.c): libclang on this thread */
	setenv("LIBCLANG_NOTHREADS", "1", 0);
	filetext_keep(true);
	for (; a + 1 < argc && argv[a][0] == '-' && strcmp(argv[a], "--");
	     a++) {
		if (!strcmp(argv[a], "-s"))
			piled = true;
		else if (!strcmp(argv[a], "-n"))
			nedits = (unsigned)atoi(argv[++a]);
		else if (!strcmp(argv[a], "-p"))
			build = argv[++a];
		else if (!strcmp(argv[a], "-k"))
			min_kept = (unsigned)atoi(argv[++a]);
	}
	if (a >= argc) {
		fprintf(stderr, "usage: ordercheck_memo_check [-n EDITS] [-s] "
				"[-k KEPT] [-p BUILD_DIR] FILE [-- FLAGS]\n");
		return 2;
	}
	/* absolute, as the editor names it: a re-parse names it so */
	file = abs_file = path_absolute(argv[a]);
	fo.base_dir = cwd = path_absolute(".");
	text = read_file(file, &len);
	if (!text) {
		fprintf(stderr, "memo_check: cannot read %s\n", file);
		return 2;
	}
	if (build) {
		char *only[1] = { (char *)file };

		if (frontend_jobs_from_database(build, NULL, only, 1, &jobs,
						&njobs, &err) ||
		    !njobs) {
			fprintf(stderr, "memo_check: %s\n",
				err ? err : "not in the database");
			return 2;
		}
		jp = &jobs[0];
	} else {
		frontend_job_from_args(&job, file,
				       a + 1 < argc ? argv + a + 2 : NULL,
				       a + 1 < argc ? argc - a - 2 : 0);
		jp = &job;
	}
	for (i = 0; i < len; i++)
		lines += text[i] == '\n';
	idx = clang_createIndex(0, 0);
	/* the worker's: a re-parse shows what it parsed after the preamble */
	local_idx = clang_createIndex(1, 0);
	rp.idx = local_idx;
	rp.full_idx = idx;
	rp.job = jp;
	rp.fo = &fo;
	rp.uf = &uf;
	bo.local_view = true;
	uf.Filename = jp->file;
	uf.Contents = text;
	uf.Length = (unsigned long)len;
	/* as the editor's worker: a parse, then a re-parse builds the preamble */
	if (frontend_parse(local_idx, jp, &fo, &uf, &tu, &msgs) ||
	    frontend_reparse(&tu, jp, &fo, &uf, &msgs)) {
		fprintf(stderr, "memo_check: %s does not parse\n", file);
		return 2;
	}
	for (i = 0; i < nedits; i++) {
		unsigned line = 1 + (unsigned)((unsigned long)lines * (i + 1) /
					       (nedits + 1));
		int kind = (int)(i % 4);
		char *t, *got, *want;
		CXTranslationUnit fresh = NULL;
		struct memo_kept k;

		if (kind == 3 && !(line = top_level_line(text, len, line)))
			continue;
		t = edited(text, len, line, kind);
		if (piled && bo.hooks_ctx)
			goto edit;
		/* recorded from the text before the edit, each time */
		doc_memo_free(bo.hooks_ctx);
		bo.hooks = &doc_memo_hooks;
		bo.hooks_ctx = doc_memo_new();
		bo.preamble = true;
		uf.Contents = text;
		uf.Length = (unsigned long)len;
		if (frontend_reparse(&tu, jp, &fo, &uf, &msgs)) {
			fprintf(stderr, "memo_check: %s does not parse\n",
				file);
			return 2;
		}
		free(dump_tu(&tu, &bo, NULL, &rp));
edit:
		uf.Contents = t;
		uf.Length = (unsigned long)strlen(t);
		/* the fresh one with its preamble too: __COUNTER__ differs */
		if (frontend_reparse(&tu, jp, &fo, &uf, &msgs) ||
		    frontend_parse(idx, jp, &fo, &uf, &fresh, &msgs) ||
		    frontend_reparse(&fresh, jp, &fo, &uf, &msgs)) {
			fprintf(stderr, "memo_check: edit %u does not parse\n",
				i);
			return 2;
		}
		rp.count = 0;
		got = dump_tu(&tu, &bo, &k, &rp);
		want = dump_tu(&fresh, &fresh_bo, NULL, &rp);
		uncount(got);
		uncount(want);
		printf("edit %u (kind %d) at line %u: %u header and %u main "
		       "functions kept%s: %s\n",
		       i, kind, line, k.header, k.main,
		       rp.count ? (rp.whole ? " (parsed anew, walked whole)" :
					      " (parsed anew)") :
				  "",
		       strcmp(got, want) ? "DIFFERS" : "same");
		if (strcmp(got, want)) {
			first_difference(got, want);
			if (getenv("MEMO_CHECK_DUMPS")) {
				FILE *g = fopen("/tmp/memo-got.txt", "w"),
				     *h = fopen("/tmp/memo-want.txt", "w");
				fputs(got, g);
				fputs(want, h);
				fclose(g);
				fclose(h);
			}
			bad++;
		}
		kept += k.main;
		free(got);
		free(want);
		clang_disposeTranslationUnit(fresh);
		if (piled) {
			free(text);
			text = t;
			len = strlen(t);
		} else {
			free(t);
		}
	}
	if (kept < min_kept) {
		fprintf(stderr,
			"memo_check: the re-checks kept %u of the main file's "
			"functions in all, want at least %u\n",
			kept, min_kept);
		bad++;
	}
	doc_memo_free(bo.hooks_ctx);
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
	clang_disposeIndex(local_idx);
	diag_list_free(&msgs);
	frontend_jobs_free(jobs, njobs);
	frontend_job_clear(&job);
	free(text);
	free(err);
	free(cwd);
	free(abs_file);
	return bad ? 1 : 0;
}
