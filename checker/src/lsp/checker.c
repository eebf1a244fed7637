// SPDX-License-Identifier: GPL-2.0
/* The server's side of the analysis worker. */
#include "checker.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "wire.h"

double mono_now(void)
{
	return clock_seconds(CLOCK_MONOTONIC);
}

void checker_init(struct checker *ck, char **argv)
{
	memset(ck, 0, sizeof(*ck));
	ck->argv = argv;
	ck->to = ck->from = -1;
}

static int spawn(struct checker *ck)
{
	int down[2], up[2];

	if (pipe2(down, O_CLOEXEC))
		return -1;
	if (pipe2(up, O_CLOEXEC)) {
		close(down[0]);
		close(down[1]);
		return -1;
	}
	ck->pid = fork();
	if (ck->pid < 0) {
		ck->pid = 0;
		close(down[0]);
		close(down[1]);
		close(up[0]);
		close(up[1]);
		return -1;
	}
	if (!ck->pid) {
		/* dup2() clears close-on-exec on the copies */
		if (dup2(down[0], 0) < 0 || dup2(up[1], 1) < 0)
			_exit(127);
		execv("/proc/self/exe", ck->argv);
		_exit(127);
	}
	close(down[0]);
	close(up[1]);
	ck->to = down[1];
	ck->from = up[0];
	/* the server never blocks on its worker */
	fcntl(ck->to, F_SETFL, fcntl(ck->to, F_GETFL) | O_NONBLOCK);
	fcntl(ck->from, F_SETFL, fcntl(ck->from, F_GETFL) | O_NONBLOCK);
	ck->out.len = ck->out_off = 0;
	ck->in.len = 0;
	return 0;
}

/* Kill and reap the worker; returns how it ended, for the message. */
static char *reap(struct checker *ck, bool kill_it)
{
	int status = 0;
	char *why;

	if (!ck->pid)
		return xstrdup("the checker is not running");
	if (ck->to >= 0)
		close(ck->to);
	if (ck->from >= 0)
		close(ck->from);
	ck->to = ck->from = -1;
	if (kill_it)
		kill(ck->pid, SIGKILL);
	while (waitpid(ck->pid, &status, 0) < 0 && errno == EINTR)
		;
	ck->pid = 0;
	if (WIFSIGNALED(status))
		why = xasprintf("the checker crashed on this file (signal %d)",
				WTERMSIG(status));
	else
		why = xasprintf("the checker stopped on this file (exit "
				"status %d)",
				WEXITSTATUS(status));
	return why;
}

/*
 * End of the session: EOF on its stdin lets the worker free its TUs and
 * exit (so that leak checkers see it end); a busy one is killed after a
 * grace period.
 */
static void stop_gently(struct checker *ck, double grace)
{
	double end = mono_now() + grace;
	char buf[4096];

	if (!ck->pid)
		return;
	close(ck->to);
	ck->to = -1;
	while (mono_now() < end) {
		struct pollfd p = { ck->from, POLLIN, 0 };
		int ms = (int)((end - mono_now()) * 1000) + 1;

		if (poll(&p, 1, ms) < 0 && errno != EINTR)
			break;
		if (p.revents && read(ck->from, buf, sizeof(buf)) <= 0) {
			int status = 0;

			while (waitpid(ck->pid, &status, 0) < 0 &&
			       errno == EINTR)
				;
			if (!WIFEXITED(status) || WEXITSTATUS(status))
				fprintf(stderr,
					"ordercheck lsp: the checker "
					"ended with status %d\n",
					status);
			close(ck->from);
			ck->from = -1;
			ck->pid = 0;
			return;
		}
	}
}

void checker_stop(struct checker *ck)
{
	if (!ck->busy)
		stop_gently(ck, 2.0);
	free(reap(ck, true));
	free(ck->out.s);
	free(ck->in.s);
	free(ck->uri);
	diag_list_free(&ck->got);
	memset(&ck->out, 0, sizeof(ck->out));
	memset(&ck->in, 0, sizeof(ck->in));
	ck->uri = NULL;
	ck->busy = false;
}

static void flush(struct checker *ck)
{
	while (ck->pid && ck->out_off < ck->out.len) {
		ssize_t n = write(ck->to, ck->out.s + ck->out_off,
				  ck->out.len - ck->out_off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break; /* EAGAIN: later; EPIPE: the read side sees EOF */
		ck->out_off += (size_t)n;
	}
	if (ck->out_off == ck->out.len)
		ck->out.len = ck->out_off = 0;
}

int checker_check(struct checker *ck, const struct check_req *r)
{
	if (ck->busy)
		return -1;
	if (!ck->pid && spawn(ck))
		return -1;
	ck->busy = true;
	ck->seq++;
	ck->started = mono_now();
	free(ck->uri);
	ck->uri = xstrdup(r->uri);
	ck->version = r->version;
	diag_list_free(&ck->got);
	wire_put_begin(&ck->out, "check", ck->seq);
	wire_put(&ck->out, "file", r->path, strlen(r->path));
	wire_put(&ck->out, "text", r->text, r->len);
	if (r->root)
		wire_put(&ck->out, "root", r->root, strlen(r->root));
	if (r->ccdir)
		wire_put(&ck->out, "ccdir", r->ccdir, strlen(r->ccdir));
	if (r->fallback_len)
		wire_put(&ck->out, "fallback", r->fallback, r->fallback_len);
	wire_put_end(&ck->out);
	flush(ck);
	return 0;
}

void checker_close(struct checker *ck, const char *path)
{
	if (!ck->pid)
		return;
	wire_put_begin(&ck->out, "close", 0);
	wire_put(&ck->out, "file", path, strlen(path));
	wire_put_end(&ck->out);
	flush(ck);
}

void checker_pollfds(const struct checker *ck, struct pollfd *rd,
		     struct pollfd *wr)
{
	rd->fd = ck->pid ? ck->from : -1;
	rd->events = POLLIN;
	rd->revents = 0;
	wr->fd = ck->pid && ck->out_off < ck->out.len ? ck->to : -1;
	wr->events = POLLOUT;
	wr->revents = 0;
}

static void finish(struct checker *ck, struct check_done *done, char *lost)
{
	memset(done, 0, sizeof(*done));
	done->uri = ck->uri;
	done->version = ck->version;
	done->lost = lost;
	ck->uri = NULL;
	if (!lost) {
		done->diags = ck->got;
		memset(&ck->got, 0, sizeof(ck->got));
	} else {
		diag_list_free(&ck->got);
	}
	ck->busy = false;
}

/* Complete lines of the buffer; returns 1 at the end of our check. */
static int take_lines(struct checker *ck, struct check_done *done)
{
	char *line = ck->in.s, *nl;
	int finished = 0;

	while (!finished &&
	       (nl = memchr(line, '\n',
			    ck->in.len - (size_t)(line - ck->in.s)))) {
		unsigned long seq;
		long ms, parse_ms = 0, cpu_ms = -1;
		int reparsed;
		unsigned kept = 0, kept_main = 0, kept_record = 0,
			 kept_table = 0;

		*nl = '\0';
		if (line[0] == 'X' &&
		    sscanf(line, "X\t%lu\t%ld\t%d\t%ld\t%ld\t%u\t%u\t%u\t%u",
			   &seq, &ms, &reparsed, &parse_ms, &cpu_ms, &kept,
			   &kept_main, &kept_record, &kept_table) >= 3) {
			if (ck->busy && seq == ck->seq) {
				finish(ck, done, NULL);
				done->ms = ms;
				done->reparsed = reparsed;
				done->parse_ms = parse_ms;
				done->cpu_ms = cpu_ms;
				done->reused = kept;
				done->reused_main = kept_main;
				done->reused_record = kept_record;
				done->table = kept_table;
				finished = 1;
			}
		} else if (ck->busy && diag_read_record(&ck->got, line)) {
			fprintf(stderr,
				"ordercheck lsp: bad record from the "
				"checker: %.80s\n",
				line);
		}
		line = nl + 1;
	}
	if (line != ck->in.s) {
		size_t rest = ck->in.len - (size_t)(line - ck->in.s);

		memmove(ck->in.s, line, rest);
		ck->in.len = rest;
		ck->in.s[rest] = '\0';
	}
	return finished;
}

int checker_io(struct checker *ck, const struct pollfd *rd,
	       const struct pollfd *wr, struct check_done *done)
{
	char buf[65536];
	ssize_t n;

	if (wr->fd >= 0 && wr->revents)
		flush(ck);
	if (rd->fd < 0 || !rd->revents)
		return 0;
	/* records still buffered from the last read come first */
	if (ck->in.len && take_lines(ck, done))
		return 1;
	n = read(ck->from, buf, sizeof(buf));
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return 0;
	if (n > 0) {
		sb_add(&ck->in, buf, (size_t)n);
		return take_lines(ck, done);
	}
	/* EOF: the worker is gone */
	{
		char *why = reap(ck, true);

		if (!ck->busy) {
			free(why);
			return 0;
		}
		finish(ck, done, why);
		return 1;
	}
}

int checker_timeout(struct checker *ck, double now, double timeout,
		    struct check_done *done)
{
	if (!ck->busy || timeout <= 0 || now - ck->started < timeout)
		return 0;
	free(reap(ck, true));
	finish(ck, done,
	       xasprintf("checking took more than %g seconds; the "
			 "checker was stopped",
			 timeout));
	return 1;
}

void check_done_free(struct check_done *d)
{
	free(d->uri);
	free(d->lost);
	diag_list_free(&d->diags);
	memset(d, 0, sizeof(*d));
}
