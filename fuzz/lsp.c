// SPDX-License-Identifier: GPL-2.0
/*
 * The language server's input: any bytes as what the client writes on
 * stdin, cut into messages by the framing (lsp/frame.c), parsed, and
 * dispatched as the event loop does (lsp/loop.c's client_body) to a fresh
 * server. Checks are never started: they wait for the loop's debounce.
 */
#include "fuzz.h"

#include "lsp/frame.h"
#include "lsp/rpc.h"
#include "lsp/server.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* the server's replies go to fd 1: /dev/null, still open for them */
	fuzz_quiet_stdout();
	return 0;
}

static void body(struct server *s, const char *b, size_t len)
{
	char *err = NULL;
	json_t *msg = jsonio_parse(b, len, &err);

	if (!msg) {
		bool resynced = frame_resync_in_body(&s->in, len);

		server_bad_message(s, resynced ? "a message cut short" : err,
				   RPC_PARSE_ERROR);
		free(err);
		return;
	}
	server_message(s, msg);
	json_decref(msg);
}

/* Bytes through a pipe into the reader, as the client's writes arrive. */
static void fill(struct server *s, const uint8_t *data, size_t n)
{
	int p[2];

	if (pipe(p))
		abort();
	if (n && write(p[1], data, n) != (ssize_t)n)
		abort();
	close(p[1]);
	while (frame_fill(&s->in, p[0]) > 0)
		;
	close(p[0]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct lsp_opts o;
	struct server s;
	const char *b, *why;
	size_t len, half = size / 2;
	enum frame_status st;
	int part;

	/* each half must fit a pipe's buffer (64 KiB) */
	if (size > 120000)
		return 0;
	o.debounce = 0.2;
	o.timeout = 10;
	server_init(&s, &o);
	/* small, so that the oversized-body path is reached too */
	s.in.max_body = 4096;
	/* two reads: a message may be split across them */
	for (part = 0; part < 2 && !s.exiting; part++) {
		fill(&s, data + (part ? half : 0), part ? size - half : half);
		while (!s.exiting &&
		       (st = frame_next(&s.in, &b, &len, &why)) != FRAME_MORE)
			if (st == FRAME_MSG)
				body(&s, b, len);
			else if (strstr(why, "larger"))
				server_bad_message(&s, why,
						   RPC_INVALID_REQUEST);
	}
	server_free(&s);
	return 0;
}
