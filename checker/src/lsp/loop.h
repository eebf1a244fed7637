/* SPDX-License-Identifier: GPL-2.0 */
/* The language server's event loop. */
#ifndef ORDERCHECK_LSP_LOOP_H
#define ORDERCHECK_LSP_LOOP_H

#include "server.h"

/* Serve the client on stdin/stdout until exit; returns the exit status. */
int server_run(struct server *s);

#endif
