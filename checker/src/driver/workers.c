// SPDX-License-Identifier: GPL-2.0
/* Checking many files in worker processes: a crash or hang loses one file. */
#include "workers.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../util.h"

struct worker {
	pid_t pid;
	int to; /* job numbers to the worker */
	int from; /* records back */
	long job; /* the job it is on, or -1 */
	time_t started;
	struct strbuf in; /* a partial record line */
};

void job_result_free(struct job_result *r)
{
	diag_list_free(&r->diags);
	free(r->facts.s);
	free(r->inputs.s);
	memset(r, 0, sizeof(*r));
}

/* Each line of @b as a record of type @type: the line behind a letter. */
static void put_payload(FILE *out, char type, const struct strbuf *b)
{
	size_t i = 0, e;

	while (i < b->len) {
		for (e = i; e < b->len && b->s[e] != '\n'; e++)
			;
		fputc(type, out);
		fwrite(b->s + i, 1, e - i, out);
		fputc('\n', out);
		i = e + 1;
	}
}

static void take_payload(struct strbuf *b, const char *line)
{
	sb_puts(b, line + 1);
	sb_add(b, "\n", 1);
}

/*
 * The child's loop: read a job number, check it, send records and its CPU
 * times ("C\tPARSE\tREST"), then "X\tN".
 */
static void worker_main(int in, int out, struct tu_job *jobs, worker_fn fn,
			void *arg)
{
	FILE *fin = fdopen(in, "r"), *fout = fdopen(out, "w");
	char line[64];

	while (fin && fout && fgets(line, sizeof(line), fin)) {
		long j = strtol(line, NULL, 10);
		struct job_result r = { 0 };

		fn(&jobs[j], arg, &r);
		diag_write_records(fout, &r.diags);
		put_payload(fout, 'Q', &r.facts);
		put_payload(fout, 'W', &r.inputs);
		fprintf(fout, "C\t%.6f\t%.6f\t%u\t%u\n", r.parse_cpu,
			r.rest_cpu, r.blanked, r.blank_misses);
		fprintf(fout, "X\t%ld\n", j);
		fflush(fout);
		job_result_free(&r);
	}
	_exit(0);
}

static int spawn(struct worker *w, struct tu_job *jobs, worker_fn fn, void *arg,
		 struct worker *all, unsigned n)
{
	int down[2], up[2];
	unsigned i;

	if (pipe(down) || pipe(up))
		return -1;
	fflush(NULL);
	w->pid = fork();
	if (w->pid < 0)
		return -1;
	if (!w->pid) {
		for (i = 0; i < n; i++)
			if (&all[i] != w && all[i].pid > 0) {
				close(all[i].to);
				close(all[i].from);
			}
		close(down[1]);
		close(up[0]);
		worker_main(down[0], up[1], jobs, fn, arg);
	}
	close(down[0]);
	close(up[1]);
	w->to = down[1];
	w->from = up[0];
	w->job = -1;
	w->in.len = 0;
	return 0;
}

static void lost(struct worker *w, struct tu_job *jobs, const char *base,
		 struct job_result *r, const char *why)
{
	char *file = path_display(base, jobs[w->job].file);
	char *msg = xasprintf("%s; the file was not checked", why);

	/* records already sent for it are incomplete: drop them */
	job_result_free(&r[w->job]);
	diag_add(&r[w->job].diags, NULL, SEV_ERROR, file, 0, 0, "", msg);
	free(msg);
	free(file);
}

static void reap(struct worker *w)
{
	int status;

	close(w->to);
	close(w->from);
	kill(w->pid, SIGKILL);
	waitpid(w->pid, &status, 0);
	w->pid = 0;
}

/* Consume complete lines from the worker; returns 1 when its job is done. */
static int take_lines(struct worker *w, struct job_result *r)
{
	char *nl, *line = w->in.s;
	int done = 0;

	while (w->in.len &&
	       (nl = memchr(line, '\n',
			    w->in.len - (size_t)(line - w->in.s)))) {
		*nl = '\0';
		if (line[0] == 'X')
			done = 1;
		else if (w->job < 0)
			;
		else if (line[0] == 'Q')
			take_payload(&r[w->job].facts, line);
		else if (line[0] == 'W')
			take_payload(&r[w->job].inputs, line);
		else if (line[0] == 'C')
			sscanf(line + 1, "%lf %lf %u %u", &r[w->job].parse_cpu,
			       &r[w->job].rest_cpu, &r[w->job].blanked,
			       &r[w->job].blank_misses);
		else
			diag_read_record(&r[w->job].diags, line);
		line = nl + 1;
	}
	if (line != w->in.s) {
		size_t rest = w->in.len - (size_t)(line - w->in.s);

		memmove(w->in.s, line, rest);
		w->in.len = rest;
	}
	return done;
}

static int dispatch(struct worker *w, long job)
{
	char buf[32];
	int n = snprintf(buf, sizeof(buf), "%ld\n", job);

	w->job = job;
	w->started = time(NULL);
	return write(w->to, buf, (size_t)n) == n ? 0 : -1;
}

static int run_pool(struct tu_job *jobs, const unsigned *order, unsigned njobs,
		    unsigned nworkers, unsigned timeout, const char *base,
		    worker_fn fn, void *arg, struct job_result *r)
{
	struct worker *w = xcalloc(nworkers, sizeof(*w));
	struct pollfd *p = xcalloc(nworkers, sizeof(*p));
	unsigned next = 0, done = 0, i;
	int rc = 0;

	signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < nworkers; i++)
		if (spawn(&w[i], jobs, fn, arg, w, nworkers)) {
			rc = -1;
			goto out;
		}
	while (done < njobs) {
		for (i = 0; i < nworkers; i++) {
			if (!w[i].pid &&
			    spawn(&w[i], jobs, fn, arg, w, nworkers)) {
				rc = -1;
				goto out;
			}
			if (w[i].job < 0 && next < njobs &&
			    dispatch(&w[i], order[next++])) {
				lost(&w[i], jobs, base, r,
				     "cannot talk to the worker");
				reap(&w[i]);
				done++;
			}
			p[i].fd = w[i].job >= 0 ? w[i].from : -1;
			p[i].events = POLLIN;
			p[i].revents = 0;
		}
		if (poll(p, nworkers, 1000) < 0 && errno != EINTR) {
			rc = -1;
			goto out;
		}
		for (i = 0; i < nworkers; i++) {
			char buf[65536];
			ssize_t n;

			if (w[i].job < 0)
				continue;
			if (p[i].revents & (POLLIN | POLLHUP | POLLERR)) {
				n = read(w[i].from, buf, sizeof(buf));
				if (n > 0) {
					sb_add(&w[i].in, buf, (size_t)n);
					if (take_lines(&w[i], r)) {
						r[w[i].job].done = true;
						w[i].job = -1;
						done++;
					}
					continue;
				}
				lost(&w[i], jobs, base, r,
				     "the checker crashed on this file");
				reap(&w[i]);
				done++;
				continue;
			}
			if (timeout &&
			    time(NULL) - w[i].started > (time_t)timeout) {
				char *why = xasprintf("checking took more than "
						      "%u seconds",
						      timeout);

				lost(&w[i], jobs, base, r, why);
				free(why);
				reap(&w[i]);
				done++;
			}
		}
	}
out:
	for (i = 0; i < nworkers; i++) {
		if (w[i].pid)
			reap(&w[i]);
		free(w[i].in.s);
	}
	free(w);
	free(p);
	return rc;
}

int workers_run(struct tu_job *jobs, unsigned njobs, const bool *todo,
		unsigned nworkers, unsigned timeout, const char *base,
		worker_fn fn, void *arg, struct job_result *results)
{
	unsigned *order = xcalloc(njobs ? njobs : 1, sizeof(*order));
	unsigned i, n = 0;
	int rc = 0;

	for (i = 0; i < njobs; i++)
		if (!todo || todo[i])
			order[n++] = i;
	if (nworkers > n)
		nworkers = n;
	if (!nworkers) {
		for (i = 0; i < n; i++) {
			fn(&jobs[order[i]], arg, &results[order[i]]);
			results[order[i]].done = true;
		}
	} else {
		rc = run_pool(jobs, order, n, nworkers, timeout, base, fn, arg,
			      results);
	}
	free(order);
	return rc;
}
