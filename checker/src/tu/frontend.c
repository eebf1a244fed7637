// SPDX-License-Identifier: GPL-2.0
/*
 * From a command line, compile_commands.json or an editor's buffer to a
 * parsed libclang TU: the one front end of the command line and the editor.
 */
#include "frontend.h"

#include <clang-c/CXCompilationDatabase.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../datadir.h"
#include "../util.h"

/*
 * Flags libclang must not see: dependency output it would really write
 * (kbuild's -Wp,-MMD), GCC-only options it rejects, GCC plugins, and the
 * flags sparse takes under CHECK=. Each pattern is an fnmatch() glob; the
 * second column is how many following arguments go with it.
 */
static const struct {
	const char *glob;
	int takes;
} dropped_flags[] = {
	{ "-c", 0 },
	{ "-o", 1 },
	{ "-S", 0 },
	{ "-E", 0 },
	{ "-M", 0 },
	{ "-MM", 0 },
	{ "-MD", 0 },
	{ "-MMD", 0 },
	{ "-MG", 0 },
	{ "-MP", 0 },
	{ "-MF", 1 },
	{ "-MT", 1 },
	{ "-MQ", 1 },
	{ "-Wp,-M*", 0 },
	{ "-Wa,*", 0 },
	{ "-Wl,*", 0 },
	{ "-Werror*", 0 },
	{ "-fplugin=*", 0 },
	{ "-fplugin-arg-*", 0 },
	{ "-fconserve-stack", 0 },
	{ "-fno-allow-store-data-races", 0 },
	{ "-mindirect-branch=*", 0 },
	{ "-mindirect-branch-register", 0 },
	{ "-mfunction-return=*", 0 },
	{ "-fzero-call-used-regs=*", 0 },
	{ "-mrecord-mcount", 0 },
	{ "-mpreferred-stack-boundary=*", 0 },
	{ "-mno-fp-ret-in-387", 0 },
	{ "-mskip-rax-setup", 0 },
	{ "-falign-jumps=*", 0 },
	{ "-falign-loops=*", 0 },
	{ "-fno-var-tracking-assignments", 0 },
	{ "-fno-ipa-*", 0 },
	{ "-fno-tree-*", 0 },
	{ "-fno-code-hoisting", 0 },
	{ "-fno-inline-functions-called-once", 0 },
	{ "-fno-partial-inlining", 0 },
	{ "-fmin-function-alignment=*", 0 },
	{ "-fsanitize-coverage=*", 0 },
	{ "--param=*", 0 },
	{ "--param", 1 },
	{ "-fdump-*", 0 },
	{ "-save-temps*", 0 },
	/* sparse's own flags, as kbuild passes them under CHECK= */
	{ "-Wbitwise", 0 },
	{ "-Wno-return-void", 0 },
	{ "-Wno-unknown-attribute", 0 },
	{ "-Wsparse-*", 0 },
	{ "-Wno-sparse-*", 0 },
	{ "--arch=*", 0 },
	{ "-D__STDC__", 0 },
	{ "-mlittle-endian", 0 },
	{ "-mbig-endian", 0 },
	/* never: it enables sparse-only attributes that clang rejects */
	{ "-D__CHECKER__", 0 },
};

/* How many arguments at @argv to drop: 0 keeps the first. */
static int dropped(char **argv, int left)
{
	unsigned i;

	for (i = 0; i < sizeof(dropped_flags) / sizeof(dropped_flags[0]); i++)
		if (!fnmatch(dropped_flags[i].glob, argv[0], 0))
			return 1 + (dropped_flags[i].takes < left ?
					    dropped_flags[i].takes :
					    left - 1);
	return 0;
}

static void clean_args(struct tu_job *job, char **argv, int argc)
{
	int i = 0, n;

	job->args = xcalloc((size_t)argc + 1, sizeof(char *));
	job->nargs = 0;
	while (i < argc) {
		n = dropped(&argv[i], argc - i);
		if (n) {
			i += n;
			continue;
		}
		job->args[job->nargs++] = xstrdup(argv[i++]);
	}
}

void frontend_job_from_args(struct tu_job *job, const char *file, char **flags,
			    int nflags)
{
	job->file = xstrdup(file);
	job->dir = NULL;
	clean_args(job, flags, nflags);
}

/* Paths in a database are relative to the entry's directory. */
static char *resolve(const char *base, const char *p, const char *dir)
{
	char *joined, *r;

	if (p[0] == '/' || !dir)
		return path_display(base, p);
	joined = xasprintf("%s/%s", dir, p);
	r = path_display(base, joined);
	free(joined);
	return r;
}

static bool same_file(const char *base, const char *a, const char *b,
		      const char *dir)
{
	char *pa, *pb;
	bool r;

	if (!strcmp(a, b))
		return true;
	pa = resolve(base, a, dir);
	pb = resolve(base, b, dir);
	r = !strcmp(pa, pb);
	free(pa);
	free(pb);
	return r;
}

static bool wanted(const char *base, const char *file, const char *dir,
		   char **only, int nonly)
{
	int i;

	if (!nonly)
		return true;
	for (i = 0; i < nonly; i++) {
		/* the user's names are relative to our directory */
		char *mine = path_display(base, only[i]),
		     *theirs = resolve(base, file, dir);
		bool r = !strcmp(mine, theirs);

		free(mine);
		free(theirs);
		if (r)
			return true;
	}
	return false;
}

/*
 * An entry's "directory", absolute: a relative one is taken relative to
 * the database's own directory (@db_dir, absolute), where the tools that
 * write relative ones (Bazel, meson's --relative) mean it, and not to
 * wherever ordercheck was started.
 */
static char *entry_dir(CXCompileCommand cmd, const char *db_dir)
{
	CXString d = clang_CompileCommand_getDirectory(cmd);
	const char *s = clang_getCString(d);
	char *r = s[0] == '/' ? xstrdup(s) : xasprintf("%s/%s", db_dir, s);

	clang_disposeString(d);
	return r;
}

/* Drop argv[0] (the compiler) and the source file itself. */
static void job_from_command(struct tu_job *job, CXCompileCommand cmd,
			     const char *base, const char *db_dir)
{
	unsigned n = clang_CompileCommand_getNumArgs(cmd), i;
	CXString file = clang_CompileCommand_getFilename(cmd);
	char *dir = entry_dir(cmd, db_dir);
	const char *fname = clang_getCString(file);
	char **argv = xcalloc(n + 1, sizeof(char *));
	int argc = 0;

	for (i = 1; i < n; i++) {
		CXString a = clang_CompileCommand_getArg(cmd, i);
		const char *s = clang_getCString(a);

		if (!same_file(base, s, fname, dir))
			argv[argc++] = xstrdup(s);
		clang_disposeString(a);
	}
	job->dir = dir;
	job->file = fname[0] == '/' ? xstrdup(fname) :
				      xasprintf("%s/%s", dir, fname);
	clean_args(job, argv, argc);
	for (i = 0; i < (unsigned)argc; i++)
		free(argv[i]);
	free(argv);
	clang_disposeString(file);
}

/*
 * libclang's reader writes its reasons to stderr, first a line on a
 * "fixed-compilation-database" that was never asked for: they are
 * captured and returned (malloc, "" if none) so that ordercheck's error
 * comes first and the misleading line not at all.
 */
static CXCompilationDatabase open_database(const char *build_dir,
					   CXCompilationDatabase_Error *e,
					   char **said)
{
	FILE *tmp = tmpfile();
	int saved = -1;
	CXCompilationDatabase db;
	struct strbuf b = { 0 };
	char line[4096], *p;

	fflush(stderr);
	if (tmp && (saved = dup(2)) >= 0)
		dup2(fileno(tmp), 2);
	db = clang_CompilationDatabase_fromDirectory(build_dir, e);
	if (saved >= 0) {
		fflush(stderr);
		dup2(saved, 2);
		close(saved);
	}
	sb_add(&b, "", 0);
	if (tmp) {
		rewind(tmp);
		while (fgets(line, sizeof(line), tmp)) {
			p = line;
			if (!strncmp(p, "LIBCLANG TOOLING ERROR: ", 24))
				p += 24;
			p[strcspn(p, "\n")] = '\0';
			if (!*p || strstr(p, "fixed-compilation-database"))
				continue;
			sb_printf(&b, "%s%s", b.len ? "; " : "", p);
		}
		fclose(tmp);
	}
	*said = sb_detach(&b);
	return db;
}

int frontend_jobs_from_database(const char *build_dir, const char *base,
				char **only, int nonly, struct tu_job **jobs,
				unsigned *njobs, char **err)
{
	CXCompilationDatabase_Error e;
	CXCompilationDatabase db;
	CXCompileCommands cmds;
	unsigned n, i, out = 0;
	char *path = xasprintf("%s/compile_commands.json", build_dir), *said,
	     *db_dir;

	*jobs = NULL;
	*njobs = 0;
	if (access(path, R_OK)) {
		*err = xasprintf("%s: %s", path, strerror(errno));
		free(path);
		return -FE_NO_DATABASE;
	}
	db = open_database(build_dir, &e, &said);
	if (e != CXCompilationDatabase_NoError || !db) {
		*err = xasprintf("%s: not a valid compilation database%s%s",
				 path, said[0] ? ": libclang says: " : "",
				 said);
		free(said);
		free(path);
		return -FE_NO_DATABASE;
	}
	free(said);
	free(path);
	db_dir = path_absolute(build_dir);
	cmds = clang_CompilationDatabase_getAllCompileCommands(db);
	n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
	*jobs = xcalloc(n ? n : 1, sizeof(**jobs));
	for (i = 0; i < n; i++) {
		CXCompileCommand c = clang_CompileCommands_getCommand(cmds, i);
		CXString f = clang_CompileCommand_getFilename(c);
		char *d = entry_dir(c, db_dir);
		bool w = wanted(base, clang_getCString(f), d, only, nonly);

		clang_disposeString(f);
		free(d);
		if (w)
			job_from_command(&(*jobs)[out++], c, base, db_dir);
	}
	free(db_dir);
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(db);
	*njobs = out;
	if (!n) {
		*err = xasprintf("%s/compile_commands.json: no entries",
				 build_dir);
		return -FE_NO_DATABASE;
	}
	if (nonly && (int)out < nonly) {
		*err = xasprintf("%d of the files named are not in %s/"
				 "compile_commands.json",
				 nonly - (int)out, build_dir);
		return -FE_NOT_IN_DATABASE;
	}
	return 0;
}

void frontend_job_clear(struct tu_job *job)
{
	int j;

	free(job->file);
	free(job->dir);
	for (j = 0; j < job->nargs; j++)
		free(job->args[j]);
	free(job->args);
	memset(job, 0, sizeof(*job));
}

void frontend_jobs_free(struct tu_job *jobs, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		frontend_job_clear(&jobs[i]);
	free(jobs);
}

static const char *error_name(enum CXErrorCode e)
{
	switch (e) {
	case CXError_Failure:
		return "libclang could not parse it";
	case CXError_Crashed:
		return "libclang crashed on it";
	case CXError_InvalidArguments:
		return "invalid arguments";
	case CXError_ASTReadError:
		return "AST read error";
	default:
		return "unknown error";
	}
}

static bool has_arg(const struct tu_job *job, const char *prefix)
{
	int i;

	for (i = 0; i < job->nargs; i++)
		if (!strncmp(job->args[i], prefix, strlen(prefix)))
			return true;
	return false;
}

/*
 * What a TU is parsed with: the job's flags, then what every parse needs,
 * the same for the command line and the editor, so that both report the
 * same findings. *wd is for the caller to free.
 */
static const char **parse_argv(const struct tu_job *job,
			       const struct frontend_opts *opts, int *argc,
			       char **wd)
{
	const char *rdir = opts->resource_dir ? opts->resource_dir :
						ORDERCHECK_RESOURCE_DIR;
	const char *model = datadir_path(DATA_INCLUDE);
	const char **argv = xcalloc((size_t)job->nargs + 12, sizeof(char *));
	int n = 0, i;

	for (i = 0; i < job->nargs; i++)
		argv[n++] = job->args[i];
	if (!has_arg(job, "-resource-dir") && rdir[0]) {
		argv[n++] = "-resource-dir";
		argv[n++] = rdir;
	}
	*wd = NULL;
	if (job->dir) {
		*wd = xasprintf("-working-directory=%s", job->dir);
		argv[n++] = *wd;
	}
	/* the model header for code that includes no kernel headers */
	if (model) {
		argv[n++] = "-idirafter";
		argv[n++] = model;
	}
	argv[n++] = "-D__ORDERCHECK__=1";
	argv[n++] = "-w";
	argv[n++] = "-ferror-limit=0";
	*argc = n;
	return argv;
}

/* The errors in the code (with a location) and the first of them. */
struct code_errors {
	unsigned count;
	CXDiagnostic first;
	char *file; /* the first's, as path_display() spells it */
	unsigned line, col;
};

static void code_errors(CXTranslationUnit tu, const char *base,
			struct code_errors *e)
{
	unsigned n = clang_getNumDiagnostics(tu), i;
	CXFile f = NULL;
	CXString name;

	memset(e, 0, sizeof(*e));
	for (i = 0; i < n; i++) {
		CXDiagnostic dg = clang_getDiagnostic(tu, i);
		CXFile df;

		clang_getFileLocation(clang_getDiagnosticLocation(dg), &df,
				      NULL, NULL, NULL);
		if (clang_getDiagnosticSeverity(dg) >= CXDiagnostic_Error &&
		    df) {
			e->count++;
			if (!e->first) {
				e->first = dg;
				continue;
			}
		}
		clang_disposeDiagnostic(dg);
	}
	if (!e->first)
		return;
	clang_getFileLocation(clang_getDiagnosticLocation(e->first), &f,
			      &e->line, &e->col, NULL);
	name = clang_getFileName(f);
	e->file = path_display(base, clang_getCString(name));
	clang_disposeString(name);
}

/*
 * The command line: the first error where it is, and a note on the file.
 * The editor: one message on the file, at the first error if it is in the
 * file, so that it says why findings may be missing (clangd shows the
 * errors themselves).
 */
static void describe_errors(CXTranslationUnit tu, const struct tu_job *job,
			    const struct frontend_opts *opts,
			    struct diag_list *msgs)
{
	struct code_errors e;
	char *file = path_display(opts->base_dir, job->file), *text, *msg;
	CXString t;
	struct oc_diag *d;

	code_errors(tu, opts->base_dir, &e);
	if (!e.first)
		goto out;
	t = clang_getDiagnosticSpelling(e.first);
	text = xstrdup(clang_getCString(t));
	clang_disposeString(t);
	if (opts->editor) {
		bool here = !strcmp(e.file, file);

		msg = xasprintf("the file does not parse (%u error%s; the "
				"first: %s); ordercheck checked it as far as "
				"its AST goes",
				e.count, e.count == 1 ? "" : "s", text);
		diag_add(msgs, NULL, SEV_NOTE, job->file, here ? e.line : 0,
			 here ? e.col : 0, "", msg);
	} else {
		msg = xasprintf("%s does not parse (%u error%s); it was "
				"checked as far as its AST goes",
				file, e.count, e.count == 1 ? "" : "s");
		d = diag_add(msgs, NULL, SEV_ERROR, e.file, e.line, e.col, "",
			     text);
		diag_add_note(d, file, 0, 0, msg);
	}
	free(msg);
	free(text);
	clang_disposeDiagnostic(e.first);
out:
	free(e.file);
	free(file);
}

/*
 * libclang's real file system makes -working-directory the process's
 * directory (chdir) on the first parse, but a re-parse resolves relative
 * paths (kbuild's -I./include) against whatever the directory is then:
 * the editor enters the entry's directory for both, and comes back, so
 * that paths it spells relative keep meaning what they meant. The
 * command line parses each file once and stays where libclang went.
 */
static void enter_dir(const struct tu_job *job,
		      const struct frontend_opts *opts)
{
	if (opts->editor && job->dir && chdir(job->dir))
		fprintf(stderr, "ordercheck: %s: %s\n", job->dir,
			strerror(errno));
}

static void leave_dir(const struct frontend_opts *opts)
{
	if (opts->editor && chdir(opts->base_dir))
		fprintf(stderr, "ordercheck: cannot return to %s: %s\n",
			opts->base_dir, strerror(errno));
}

/*
 * A directory or a binary named as a C file: libclang calls either an
 * "AST read error". Why @job's file is no C source (malloc), or NULL. A
 * binary is told by its first block: ELF's magic, or a NUL byte, which
 * no C source holds. Only regular files are read: a FIFO may be a source
 * that can be read once.
 */
static char *not_c_source(const struct tu_job *job)
{
	char *p = job->file[0] == '/' || !job->dir ?
			  xstrdup(job->file) :
			  xasprintf("%s/%s", job->dir, job->file);
	char block[4096], *nul, *why = NULL;
	struct stat st;
	ssize_t n = 0;
	int fd;

	if (stat(p, &st))
		goto out;
	if (S_ISDIR(st.st_mode)) {
		why = xstrdup("is a directory, not a C file (name the files, "
			      "or -p BUILD_DIR for a compile_commands.json)");
		goto out;
	}
	if (!S_ISREG(st.st_mode) || (fd = open(p, O_RDONLY | O_CLOEXEC)) < 0)
		goto out;
	n = read(fd, block, sizeof(block));
	close(fd);
	if (n >= 4 && !memcmp(block, "\177ELF", 4))
		why = xstrdup("is not a C source file (an ELF binary)");
	else if (n > 0 && (nul = memchr(block, '\0', (size_t)n)))
		why = xasprintf("is not a C source file (a NUL byte at "
				"offset %zu)",
				(size_t)(nul - block));
out:
	free(p);
	return why;
}

/* @unsaved: the editor's buffer (n == 1), or headers' texts (!buffer) */
static int parse(CXIndex idx, const struct tu_job *job,
		 const struct frontend_opts *opts,
		 struct CXUnsavedFile *unsaved, unsigned n, bool buffer,
		 CXTranslationUnit *tu, struct diag_list *msgs)
{
	/*
	 * The editor's: not CreatePreambleOnFirstParse: building the
	 * preamble makes the first parse of a kernel file take twice as
	 * long, and the user waits for that one. libclang builds it on the
	 * first re-parse instead, which the worker does while it is idle.
	 */
	unsigned flags =
		CXTranslationUnit_DetailedPreprocessingRecord |
		CXTranslationUnit_KeepGoing |
		(opts->editor ? CXTranslationUnit_PrecompiledPreamble : 0);
	enum CXErrorCode e;
	char *wd, *file, *why;
	int argc;
	const char **argv = parse_argv(job, opts, &argc, &wd);

	if (!buffer && (why = not_c_source(job))) {
		file = path_display(opts->base_dir, job->file);
		diag_add(msgs, NULL, SEV_ERROR, file, 0, 0, "", why);
		free(file);
		free(why);
		free(argv);
		free(wd);
		*tu = NULL;
		return -FE_PARSE_FAILED;
	}
	enter_dir(job, opts);
	e = clang_parseTranslationUnit2(idx, job->file, argv, argc, unsaved, n,
					flags, tu);
	leave_dir(opts);
	free(argv);
	free(wd);
	if (e != CXError_Success || !*tu) {
		/* the editor's buffer is the file, wherever it is on disk */
		file = opts->editor ? xstrdup(job->file) :
				      path_display(opts->base_dir, job->file);
		diag_add(msgs, NULL, SEV_ERROR, file, 0, 0, "",
			 !buffer && access(job->file, R_OK) && !job->dir ?
				 strerror(errno) :
				 error_name(e));
		free(file);
		*tu = NULL;
		return e == CXError_Crashed ? -FE_CRASHED : -FE_PARSE_FAILED;
	}
	describe_errors(*tu, job, opts, msgs);
	return 0;
}

int frontend_parse(CXIndex idx, const struct tu_job *job,
		   const struct frontend_opts *opts,
		   struct CXUnsavedFile *unsaved, CXTranslationUnit *tu,
		   struct diag_list *msgs)
{
	return parse(idx, job, opts, unsaved, unsaved ? 1 : 0, unsaved != NULL,
		     tu, msgs);
}

int frontend_parse_headers(CXIndex idx, const struct tu_job *job,
			   const struct frontend_opts *opts,
			   struct CXUnsavedFile *headers, unsigned n,
			   CXTranslationUnit *tu, struct diag_list *msgs)
{
	return parse(idx, job, opts, headers, n, false, tu, msgs);
}

int frontend_reparse(CXTranslationUnit *tu, const struct tu_job *job,
		     const struct frontend_opts *opts,
		     struct CXUnsavedFile *unsaved, struct diag_list *msgs)
{
	int rc;

	enter_dir(job, opts);
	rc = clang_reparseTranslationUnit(*tu, unsaved ? 1 : 0, unsaved,
					  clang_defaultReparseOptions(*tu));
	leave_dir(opts);
	if (rc) {
		clang_disposeTranslationUnit(*tu);
		*tu = NULL;
		return -FE_PARSE_FAILED;
	}
	if (msgs)
		describe_errors(*tu, job, opts, msgs);
	return 0;
}
