// SPDX-License-Identifier: GPL-2.0
/*
 * The server's event loop: one poll() over the client, the analysis
 * worker and (--wrap) clangd. Its timeout is the debounce: a document
 * whose last change is older than the delay is checked when the worker
 * is free.
 */
#include "loop.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "proxy.h"
#include "rpc.h"

/* A body from the client: parsed, then to the proxy or to us. */
static void client_body(struct server *s, struct proxy *px, const char *body,
			size_t len)
{
	char *err = NULL;
	json_t *msg = jsonio_parse(body, len, &err);

	if (!msg) {
		/* a header inside it: the message before was cut short */
		bool resynced = frame_resync_in_body(&s->in, len);

		server_bad_message(s, resynced ? "a message cut short" : err,
				   RPC_PARSE_ERROR);
		free(err);
		return;
	}
	if (px)
		proxy_from_client(px, s, msg, body, len);
	else
		server_message(s, msg);
	json_decref(msg);
}

static void client_input(struct server *s, struct proxy *px)
{
	const char *body, *why;
	size_t len;
	enum frame_status st;
	ssize_t n = frame_fill(&s->in, 0);

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	while (!s->exiting &&
	       (st = frame_next(&s->in, &body, &len, &why)) != FRAME_MORE) {
		if (st == FRAME_MSG) {
			client_body(s, px, body, len);
		} else if (strstr(why, "larger")) {
			server_bad_message(s, why, RPC_INVALID_REQUEST);
		} else {
			srv_log(s, "%s", why);
		}
	}
	if (n <= 0 && !s->exiting) {
		if (frame_pending(&s->in))
			srv_log(s, "the input ended inside a message");
		srv_log(s, "the client closed its end%s",
			s->state == SRV_SHUTDOWN ? "" : " without exit");
		s->exiting = true;
		s->exit_code = s->state == SRV_SHUTDOWN ? 0 : 1;
	}
}

/* poll()'s timeout in ms: the next due check, or the check's deadline. */
static int timeout_ms(const struct server *s, double now)
{
	double t = srv_next_due(s, now);

	if (s->ck.busy && s->o->timeout > 0) {
		double left = s->ck.started + s->o->timeout - now;

		if (t < 0 || left < t)
			t = left > 0 ? left : 0;
	}
	return t < 0 ? -1 : (int)(t * 1000) + 1;
}

int server_run(struct server *s)
{
	enum { CLIENT, WK_RD, WK_WR, CD_RD, CD_WR, NFDS };
	struct pollfd p[NFDS];
	struct check_done cd;
	struct proxy *px = NULL;

	signal(SIGPIPE, SIG_IGN);
	if (s->o->wrap_argv && !(px = proxy_start(s->o->wrap_argv, s)))
		srv_log(s, "cannot start %s: ordercheck's diagnostics only",
			s->o->wrap_argv[0]);
	while (!s->exiting) {
		double now = mono_now();

		srv_dispatch_due(s, now);
		memset(p, 0, sizeof(p));
		p[CLIENT].fd = s->in_eof ? -1 : 0;
		p[CLIENT].events = POLLIN;
		checker_pollfds(&s->ck, &p[WK_RD], &p[WK_WR]);
		if (px)
			proxy_pollfds(px, &p[CD_RD], &p[CD_WR]);
		else
			p[CD_RD].fd = p[CD_WR].fd = -1;
		if (poll(p, NFDS, timeout_ms(s, now)) < 0) {
			if (errno == EINTR)
				continue;
			srv_log(s, "poll: %s", strerror(errno));
			s->exit_code = 1;
			break;
		}
		if (p[CLIENT].revents)
			client_input(s, px);
		if (px)
			proxy_io(px, s, &p[CD_RD], &p[CD_WR]);
		if (checker_io(&s->ck, &p[WK_RD], &p[WK_WR], &cd)) {
			srv_check_done(s, &cd);
			check_done_free(&cd);
		}
		if (checker_timeout(&s->ck, mono_now(), s->o->timeout, &cd)) {
			srv_check_done(s, &cd);
			check_done_free(&cd);
		}
	}
	if (px)
		proxy_stop(px, 3.0);
	return s->exit_code;
}
