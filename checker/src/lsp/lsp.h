/* SPDX-License-Identifier: GPL-2.0 */
/* `ordercheck lsp ...`: the language server's command line. */
#ifndef ORDERCHECK_LSP_LSP_H
#define ORDERCHECK_LSP_LSP_H

/*
 * argv[0] is "lsp"; @base is the directory we were started in (paths are
 * shown relative to it). Returns the exit status.
 */
int lsp_main(int argc, char **argv, const char *base);

#endif
