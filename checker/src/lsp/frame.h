/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LSP base protocol framing: "Content-Length: N\r\n\r\n" then N bytes.
 * The reader never trusts the stream: garbage between messages, bad or
 * missing lengths and oversized bodies are reported and skipped, and it
 * finds the next header again.
 */
#ifndef ORDERCHECK_LSP_FRAME_H
#define ORDERCHECK_LSP_FRAME_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "../util.h"

/* Bodies larger than this are skipped unread (a 64 MiB source file). */
#define FRAME_MAX_BODY (64u << 20)

struct frame_reader {
	struct strbuf in;
	size_t pos; /* first byte not yet consumed */
	size_t body; /* where the last body returned started */
	size_t skip; /* bytes of an oversized body still to drop */
	size_t max_body;
};

enum frame_status {
	FRAME_MORE, /* need more input */
	FRAME_MSG, /* a body */
	FRAME_BAD, /* input skipped; *why says what was wrong */
};

void frame_reader_init(struct frame_reader *r);
void frame_reader_free(struct frame_reader *r);

/* One read(2) from @fd into the buffer: >0 bytes, 0 at EOF, -1 on error. */
ssize_t frame_fill(struct frame_reader *r, int fd);

/*
 * The next message: FRAME_MSG with body and length (valid until the next
 * call), FRAME_BAD with a reason, or FRAME_MORE.
 */
enum frame_status frame_next(struct frame_reader *r, const char **body,
			     size_t *len, const char **why);

/*
 * The last body did not parse and a header starts inside it (a message
 * whose length said more than was sent): read again from that header.
 * Returns true if one was found.
 */
bool frame_resync_in_body(struct frame_reader *r, size_t len);

/* Bytes buffered but not consumed: a message cut short at EOF. */
size_t frame_pending(const struct frame_reader *r);

/* Header and body to @fd, retrying short writes; 0 or -1. */
int frame_write(int fd, const char *body, size_t len);

/* The same, appended to a buffer (for non-blocking pipes). */
void frame_append(struct strbuf *b, const char *body, size_t len);

#endif
