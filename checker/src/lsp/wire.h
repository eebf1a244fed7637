/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Requests from the server to its analysis worker, over a pipe:
 *
 *   Q <op> <seq>\n  then  K <key> <len>\n<len bytes>\n  ...  E\n
 *
 * Lengths make any byte (a NUL, a newline in the buffer) safe. The worker
 * answers a check with diag_write_records() lines and "X\t<seq>\t<ms>\t
 * <reparsed>\t<parse ms>\n"; a close has no answer.
 */
#ifndef ORDERCHECK_LSP_WIRE_H
#define ORDERCHECK_LSP_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../util.h"

struct wire_req {
	char op[16]; /* "check" or "close" */
	unsigned long seq;
	char *file; /* absolute path */
	char *text; /* the buffer (check) */
	size_t text_len;
	char *root; /* the workspace root, or NULL */
	char *ccdir; /* the client's compilationDatabasePath, or NULL */
	char *fallback; /* the client's fallbackFlags, NUL-separated */
	size_t fallback_len;
};

void wire_put_begin(struct strbuf *b, const char *op, unsigned long seq);
void wire_put(struct strbuf *b, const char *key, const char *val, size_t len);
void wire_put_end(struct strbuf *b);

/* Read one request; 0, or -1 at EOF or on a malformed request. */
int wire_read(FILE *in, struct wire_req *r);
void wire_req_free(struct wire_req *r);

#endif
