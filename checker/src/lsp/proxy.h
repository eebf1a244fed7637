/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `ordercheck lsp --wrap clangd [ARGS]`: clangd runs as our child and
 * every message passes through, unchanged but for three: clangd's
 * initialize result (our code actions and command are added to its
 * capabilities), its publishDiagnostics (ours for the file are appended;
 * when only ours change, its last set is sent again with ours) and its
 * codeAction results (our quick fixes are appended). Document sync goes
 * to both. If clangd dies, its pending requests are answered with errors
 * and our diagnostics go on alone. The proxy drives the server, never the
 * reverse: it hooks into the server's publishing (srv_publish_fn).
 */
#ifndef ORDERCHECK_LSP_PROXY_H
#define ORDERCHECK_LSP_PROXY_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>

#include "../json/jsonio.h"
#include "server.h"

struct proxy;

/*
 * Start clangd and set @s's publish hook: our diagnostics go out after
 * clangd's last set for the file. NULL if it cannot be started at all
 * (no fork).
 */
struct proxy *proxy_start(char **argv, struct server *s);
/* Wait at most @grace seconds for clangd to exit, then kill it. */
void proxy_stop(struct proxy *px, double grace);

/* A message from the client: forwarded, and seen by us where it matters. */
void proxy_from_client(struct proxy *px, struct server *s, const json_t *msg,
		       const char *raw, size_t len);

void proxy_pollfds(const struct proxy *px, struct pollfd *rd,
		   struct pollfd *wr);
void proxy_io(struct proxy *px, struct server *s, const struct pollfd *rd,
	      const struct pollfd *wr);

#endif
