/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The analysis worker: `ordercheck lsp --worker`, started by the server
 * with pipes on its stdin and stdout. libclang runs only here, so a crash
 * or a hang in it costs the server one check, not the session (the server
 * starts a new worker), while the worker keeps each open file's TU and
 * preamble between checks, which a process per check could not.
 */
#ifndef ORDERCHECK_LSP_WORKER_H
#define ORDERCHECK_LSP_WORKER_H

#include "tu_cache.h"

/* Serve requests from stdin until EOF; returns the exit status. */
int lsp_worker_main(const struct worker_opts *o);

#endif
