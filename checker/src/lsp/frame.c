// SPDX-License-Identifier: GPL-2.0
/* LSP base protocol framing, reading and writing. */
#include "frame.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* A header block longer than this is garbage, not a header. */
#define MAX_HEADER 8192

static const char CL[] = "Content-Length:";

void frame_reader_init(struct frame_reader *r)
{
	memset(r, 0, sizeof(*r));
	r->max_body = FRAME_MAX_BODY;
}

void frame_reader_free(struct frame_reader *r)
{
	free(r->in.s);
	memset(r, 0, sizeof(*r));
}

/* Drop consumed bytes once they are most of the buffer. */
static void compact(struct frame_reader *r)
{
	if (r->pos && r->pos * 2 >= r->in.len) {
		memmove(r->in.s, r->in.s + r->pos, r->in.len - r->pos);
		r->in.len -= r->pos;
		r->in.s[r->in.len] = '\0';
		r->body = r->body > r->pos ? r->body - r->pos : 0;
		r->pos = 0;
	}
}

ssize_t frame_fill(struct frame_reader *r, int fd)
{
	char buf[65536];
	ssize_t n;

	do
		n = read(fd, buf, sizeof(buf));
	while (n < 0 && errno == EINTR);
	if (n <= 0)
		return n;
	if (r->skip) {
		size_t drop = (size_t)n < r->skip ? (size_t)n : r->skip;

		r->skip -= drop;
		compact(r);
		sb_add(&r->in, buf + drop, (size_t)n - drop);
		return n;
	}
	compact(r);
	sb_add(&r->in, buf, (size_t)n);
	return n;
}

/* Case-insensitive search for "Content-Length:" in s[from..n). */
static const char *find_cl(const char *s, size_t from, size_t n)
{
	size_t k = sizeof(CL) - 1, i;

	for (i = from; i + k <= n; i++)
		if (!strncasecmp(s + i, CL, k))
			return s + i;
	return NULL;
}

/*
 * Skip to the next "Content-Length:" after the current position, or to
 * the end but for a tail that may be the start of one. Always past at
 * least one byte, so that garbage cannot stop the reader.
 */
static void resync(struct frame_reader *r)
{
	const char *s = r->in.s + r->pos, *hit;
	size_t n = r->in.len - r->pos, keep;

	hit = find_cl(s, 1, n);
	if (hit) {
		r->pos += (size_t)(hit - s);
		return;
	}
	for (keep = n - 1 < sizeof(CL) - 2 ? n - 1 : sizeof(CL) - 2; keep;
	     keep--)
		if (!strncasecmp(s + n - keep, CL, keep))
			break;
	r->pos += n - keep;
}

/* Parse the header block s[0..n): 0 with the length, or -1 and why. */
static int parse_header(const char *s, size_t n, size_t *len, const char **why)
{
	const char *p = s, *end = s + n;
	bool have = false;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *le = eol ? eol : end, *colon;

		if (le > p && le[-1] == '\r')
			le--;
		if (le == p)
			break;
		colon = memchr(p, ':', (size_t)(le - p));
		if (!colon) {
			*why = "garbage in the message header";
			return -1;
		}
		if (!strncasecmp(p, CL, sizeof(CL) - 1)) {
			const char *v = colon + 1;
			unsigned long long x = 0;

			while (v < le && (*v == ' ' || *v == '\t'))
				v++;
			if (v == le) {
				*why = "empty Content-Length";
				return -1;
			}
			for (; v < le && *v >= '0' && *v <= '9'; v++) {
				x = x * 10 + (unsigned)(*v - '0');
				if (x > (1ull << 40))
					break;
			}
			while (v < le && (*v == ' ' || *v == '\t'))
				v++;
			if (v != le) {
				*why = "bad Content-Length";
				return -1;
			}
			*len = (size_t)x;
			have = true;
		}
		/* other fields (Content-Type) are allowed and ignored */
		p = eol ? eol + 1 : end;
	}
	if (!have) {
		*why = "message header without Content-Length";
		return -1;
	}
	return 0;
}

/* End of the header block at s (past the blank line), or NULL. */
static const char *header_end(const char *s, size_t n)
{
	const char *p = s, *end = s + n;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));

		if (!eol)
			return NULL;
		/* a blank line: "\r\n" or a bare "\n" */
		if (eol == p || (eol == p + 1 && *p == '\r'))
			return eol + 1;
		p = eol + 1;
	}
	return NULL;
}

static bool token_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '-';
}

/*
 * Each line of s[0..n) is "Name: value"; the last one, unterminated, may
 * be cut anywhere after a name's first character.
 */
static bool header_lines_ok(const char *s, size_t n)
{
	const char *p = s, *end = s + n;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p)), *q = p;

		if (eol && (eol == p || (eol == p + 1 && *p == '\r')))
			return true; /* the blank line */
		while (q < (eol ? eol : end) && token_char(*q))
			q++;
		if (!eol)
			return q == end || (q > p && *q == ':');
		if (q == p || *q != ':')
			return false;
		p = eol + 1;
	}
	return true;
}

enum frame_status frame_next(struct frame_reader *r, const char **body,
			     size_t *len, const char **why)
{
	const char *s, *he;
	size_t n, blen, hlen;

	/* nothing read yet (a client that closes at once): no buffer */
	if (r->skip || !r->in.s)
		return FRAME_MORE;
	s = r->in.s + r->pos;
	n = r->in.len - r->pos;
	/* blank lines between messages are tolerated */
	while (n && (*s == '\r' || *s == '\n')) {
		s++;
		n--;
		r->pos++;
	}
	if (!n)
		return FRAME_MORE;
	he = header_end(s, n < MAX_HEADER ? n : MAX_HEADER);
	if (!he) {
		if (n < MAX_HEADER && header_lines_ok(s, n))
			return FRAME_MORE;
		*why = "garbage in the input, skipped to the next header";
		resync(r);
		return FRAME_BAD;
	}
	hlen = (size_t)(he - s);
	if (!header_lines_ok(s, hlen)) {
		*why = "garbage in the input, skipped to the next header";
		resync(r);
		return FRAME_BAD;
	}
	if (parse_header(s, hlen, &blen, why)) {
		resync(r);
		return FRAME_BAD;
	}
	if (blen > r->max_body) {
		size_t have = n - hlen;

		*why = "message larger than the limit: skipped";
		r->pos += hlen + (have < blen ? have : blen);
		r->skip = have < blen ? blen - have : 0;
		return FRAME_BAD;
	}
	if (n - hlen < blen)
		return FRAME_MORE;
	r->body = r->pos + hlen;
	r->pos = r->body + blen;
	*body = r->in.s + r->body;
	*len = blen;
	return FRAME_MSG;
}

bool frame_resync_in_body(struct frame_reader *r, size_t len)
{
	const char *b = r->in.s + r->body, *hit = find_cl(b, 1, len);

	if (!hit)
		return false;
	r->pos = r->body + (size_t)(hit - b);
	return true;
}

size_t frame_pending(const struct frame_reader *r)
{
	return r->in.len - r->pos;
}

static int write_all(int fd, const char *s, size_t n)
{
	while (n) {
		ssize_t w = write(fd, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

int frame_write(int fd, const char *body, size_t len)
{
	struct strbuf b = { 0 };
	int rc;

	frame_append(&b, body, len);
	rc = write_all(fd, b.s, b.len);
	free(b.s);
	return rc;
}

void frame_append(struct strbuf *b, const char *body, size_t len)
{
	sb_printf(b, "Content-Length: %zu\r\n\r\n", len);
	sb_add(b, body, len);
}
