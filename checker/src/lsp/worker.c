// SPDX-License-Identifier: GPL-2.0
/* The analysis worker's loop: requests in, diagnostic records out. */
#include "worker.h"

#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../filetext.h"
#include "../report/suppress.h"
#include "../util.h"
#include "wire.h"

/*
 * The crash and hang hooks of check.c, for the tests of the server's
 * isolation (testcases/lsp): die or hang on a path containing the value.
 * Once libclang has parsed, its crash-recovery handler owns SIGSEGV and
 * survives a raise(): die as a real fault would, by the default action.
 */
static void test_hooks(const char *file)
{
	const char *crash = getenv("ORDERCHECK_TEST_CRASH_ON");
	const char *hang = getenv("ORDERCHECK_TEST_HANG_ON");

	if (crash && *crash && strstr(file, crash)) {
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
	}
	if (hang && *hang && strstr(file, hang))
		for (;;)
			pause();
}

static void swap_file(struct diag_list *l, const char *from, const char *to)
{
	unsigned i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->v[i].file, from)) {
			free(l->v[i].file);
			l->v[i].file = xstrdup(to);
		}
}

/*
 * suppress_apply() reads the suppression comments from the file on disk,
 * but the editor's buffer is what was checked: show it the buffer, under
 * a temporary name, and give the findings their name back.
 */
static void suppress_in_buffer(struct diag_list *l, const char *base,
			       const char *path, const char *text, size_t len)
{
	const char *tmpdir = getenv("TMPDIR");
	char *tmp = xasprintf("%s/ordercheck-lsp-XXXXXX",
			      tmpdir && *tmpdir ? tmpdir : "/tmp");
	char *shown = path_display(base, path);
	int fd = mkstemp(tmp);
	FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
	char *files[1] = { tmp };

	if (!f || fwrite(text, 1, len, f) != len) {
		if (f)
			fclose(f);
		else if (fd >= 0)
			close(fd);
		goto out;
	}
	if (fclose(f))
		goto out;
	swap_file(l, shown, tmp);
	swap_file(l, path, tmp);
	suppress_apply(l, files, 1);
	swap_file(l, tmp, path);
out:
	if (fd >= 0)
		unlink(tmp);
	free(tmp);
	free(shown);
}

static void make_absolute(char **p)
{
	char *a;

	if (!**p || **p == '/')
		return;
	a = path_absolute(*p);
	free(*p);
	*p = a;
}

/* Paths the server can turn into URIs, whatever our directory is. */
static void absolute_paths(struct diag_list *l)
{
	unsigned i, j;

	for (i = 0; i < l->n; i++) {
		make_absolute(&l->v[i].file);
		for (j = 0; j < l->v[i].nnotes; j++)
			make_absolute(&l->v[i].notes[j].file);
		for (j = 0; j < l->v[i].nfixes; j++)
			make_absolute(&l->v[i].fixes[j].file);
	}
}

/*
 * Nothing waiting on stdin: the server sends a check only after the
 * answer to the last, so a warm-up delays at most a close.
 */
static bool idle(void)
{
	struct pollfd p = { 0, POLLIN, 0 };

	return poll(&p, 1, 0) == 0;
}

static long elapsed_ms(clockid_t clk, const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(clk, &t);
	return (t.tv_sec - t0->tv_sec) * 1000 +
	       (t.tv_nsec - t0->tv_nsec) / 1000000;
}

int lsp_worker_main(const struct worker_opts *o)
{
	/*
	 * The records go to a private copy of the pipe; stdout becomes
	 * stderr, so nothing libclang might print can corrupt them.
	 */
	int fd = dup(1);
	FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
	struct tu_cache *c;
	struct wire_req r;
	bool fatal = false;

	if (!out || dup2(2, 1) < 0)
		return 2;
	signal(SIGPIPE, SIG_IGN);
	/*
	 * libclang parses on a thread of its own, for a big stack and crash
	 * recovery; this process is the isolation, one thread is enough, and
	 * under ASan the thread's exit fails (its alternate signal stack is
	 * LLVM's, which ASan then cannot unmap). Crash recovery stays.
	 */
	setenv("LIBCLANG_NOTHREADS", "1", 0);
	filetext_keep(true);
	c = tu_cache_new(o);
	while (!wire_read(stdin, &r)) {
		struct diag_list l = { 0 };
		struct timespec t0, cpu0;
		bool reparsed;
		long parse_ms;
		struct memo_kept kept;

		if (!strcmp(r.op, "close") && r.file) {
			tu_cache_close(c, r.file);
		} else if (!strcmp(r.op, "check") && r.file && r.text) {
			test_hooks(r.file);
			clock_gettime(CLOCK_MONOTONIC, &t0);
			clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu0);
			reparsed = tu_cache_check(c, &r, &l, &fatal, &parse_ms,
						  &kept);
			suppress_in_buffer(&l, o->frontend.base_dir, r.file,
					   r.text, r.text_len);
			absolute_paths(&l);
			diag_write_records(out, &l);
			/* the CPU time too: on a loaded machine it is the cost */
			fprintf(out,
				"X\t%lu\t%ld\t%d\t%ld\t%ld\t%u\t%u\t%u\t%u\n",
				r.seq, elapsed_ms(CLOCK_MONOTONIC, &t0),
				reparsed, parse_ms,
				elapsed_ms(CLOCK_PROCESS_CPUTIME_ID, &cpu0),
				kept.header, kept.main, kept.record,
				kept.table);
			fflush(out);
			diag_list_free(&l);
			/* texts no open file's check read in a while */
			filetext_trim(8, (size_t)512 << 20);
			if (!fatal && !reparsed && idle())
				tu_cache_warm(c, &r);
		}
		wire_req_free(&r);
		if (fatal || ferror(out))
			break;
	}
	/* after a crash libclang's state is not to be trusted, even to free */
	if (fatal)
		_exit(3);
	tu_cache_free(c);
	filetext_free();
	fclose(out);
	return 0;
}
