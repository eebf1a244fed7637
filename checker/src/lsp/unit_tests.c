// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the language server's parts that take untrusted input:
 * JSON (json/, with its UTF-8 repair), the framing, positions, URIs,
 * document changes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../tests/check.h"
#include "../json/jsonio.h"
#include "../uri.h"
#include "docs.h"
#include "frame.h"
#include "position.h"
#include "server.h"

static json_t *parse(const char *s)
{
	return jsonio_parse(s, strlen(s), NULL);
}

/* Parse and write back: the text we expect out. */
static void roundtrip(const char *in, const char *out)
{
	json_t *j = parse(in);
	char *t;

	CHECK(j != NULL);
	if (!j)
		return;
	t = jsonio_dump(j, NULL);
	if (strcmp(t, out))
		fprintf(stderr, "roundtrip %s: got %s, want %s\n", in, t, out);
	CHECK(!strcmp(t, out));
	free(t);
	json_decref(j);
}

static void test_json_valid(void)
{
	json_t *j;
	long long v;

	roundtrip(" {\"a\" : [1, -2.5e3, true, false, null, \"x\"]} ",
		  "{\"a\":[1,-2500.0,true,false,null,\"x\"]}");
	roundtrip("\"\\u00e9\\ud83d\\ude00\\n\\t\\\"\\\\\\/\"",
		  "\"\xc3\xa9\xf0\x9f\x98\x80\\n\\t\\\"\\\\/\"");
	/* a lone surrogate becomes U+FFFD, an escaped backslash does not */
	roundtrip("\"\\ud800x\"", "\"\xef\xbf\xbdx\"");
	roundtrip("\"\\udc00\\ud800\"", "\"\xef\xbf\xbd\xef\xbf\xbd\"");
	roundtrip("\"\\\\ud800\"", "\"\\\\ud800\"");
	/* so does a byte that is not UTF-8 (a client sending Latin-1) */
	roundtrip("\"caf\xe9 \xc3(\"", "\"caf\xef\xbf\xbd \xef\xbf\xbd(\"");
	roundtrip("[]", "[]");
	roundtrip("{}", "{}");
	roundtrip("0", "0");
	/* ids are echoed as they came */
	roundtrip("{\"id\":\"ordercheck-1\",\"n\":-7}",
		  "{\"id\":\"ordercheck-1\",\"n\":-7}");
	j = parse("{\"id\":42,\"params\":{\"textDocument\":{\"uri\":\"u\"}}}");
	CHECK(j && jsonio_get_int(json_object_get(j, "id"), &v) && v == 42);
	CHECK(j && !strcmp(json_string_value(
				   jsonio_path(j, "params.textDocument.uri")),
			   "u"));
	CHECK(!jsonio_path(j, "params.nope.uri"));
	CHECK(!json_object_get(json_object_get(j, "id"), "x")); /* a number */
	json_decref(j);
	j = parse("1.5");
	CHECK(j && !jsonio_get_int(j, &v));
	json_decref(j);
	j = parse("2.0");
	CHECK(j && jsonio_get_int(j, &v) && v == 2);
	json_decref(j);
	j = parse("1e300");
	CHECK(j && !jsonio_get_int(j, &v));
	json_decref(j);
	/* a NUL inside a string survives */
	j = parse("\"a\\u0000b\"");
	CHECK(j && json_string_length(j) == 3 &&
	      json_string_value(j)[1] == '\0');
	json_decref(j);
	j = parse("[\"utf-16\",\"utf-8\"]");
	CHECK(jsonio_has_str(j, "utf-8") && !jsonio_has_str(j, "utf-32"));
	CHECK(!jsonio_has_str(NULL, "utf-8"));
	json_decref(j);
}

static void test_json_invalid(void)
{
	static const char *const bad[] = {
		"",	      "{",	   "{\"a\"", "{\"a\":", "{\"a\":1",
		"{\"a\":1,}", "[1,]",	   "[1 2]",  "{a:1}",	"\"abc",
		"\"\\x\"",    "\"\\u12\"", "01",     "-",	"1.",
		"1e",	      "tru",	   "nul",    "{} x",	"\"a\nb\"",
		"\x01",	      "\xff",
	};
	char deep[2 * 5000 + 1];
	char *err;
	unsigned i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		json_t *j;

		err = NULL;
		j = jsonio_parse(bad[i], strlen(bad[i]), &err);
		if (j)
			fprintf(stderr, "accepted bad JSON: %s\n", bad[i]);
		CHECK(!j && err);
		json_decref(j);
		free(err);
	}
	/* every prefix of a real message is an error, never a crash */
	{
		const char *msg = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"
				  "\"initialize\",\"params\":{\"a\":[1,{\"b\":"
				  "\"\\u00e9\"}]}}";
		size_t n;
		json_t *j;

		for (n = 0; n < strlen(msg); n++)
			CHECK(!jsonio_parse(msg, n, NULL));
		j = jsonio_parse(msg, strlen(msg), NULL);
		CHECK(j != NULL);
		json_decref(j);
	}
	/* nesting is bounded (jansson: 2048): an error, not a stack overflow */
	memset(deep, '[', 5000);
	memset(deep + 5000, ']', 5000);
	deep[sizeof(deep) - 1] = '\0';
	err = NULL;
	CHECK(!jsonio_parse(deep, strlen(deep), &err) && err);
	free(err);
}

static void test_json_write(void)
{
	json_t *o = json_object(), *a = json_array();
	char *t;

	jsonio_push(a, json_integer(1));
	jsonio_push(a, jsonio_str("x\x01y"));
	/* invalid UTF-8 is repaired: the output stays valid JSON text */
	jsonio_push(a, jsonio_str("\xff\xc3("));
	jsonio_push(a, jsonio_strn("caf\xe9\0z", 6));
	jsonio_push(a, jsonio_str(NULL));
	jsonio_push(a, json_object());
	jsonio_set(o, "a", a);
	jsonio_set(o, "b", json_null());
	/* a key from a peer is repaired too */
	jsonio_set(o, "k\xe9", json_true());
	t = jsonio_dump(o, NULL);
	if (strcmp(t, "{\"a\":[1,\"x\\u0001y\",\"\xef\xbf\xbd\xef\xbf\xbd(\","
		      "\"caf\xef\xbf\xbd\\u0000z\",\"\",{}],\"b\":null,"
		      "\"k\xef\xbf\xbd\":true}"))
		fprintf(stderr, "written: %s\n", t);
	CHECK(!strcmp(t,
		      "{\"a\":[1,\"x\\u0001y\",\"\xef\xbf\xbd\xef\xbf\xbd(\","
		      "\"caf\xef\xbf\xbd\\u0000z\",\"\",{}],\"b\":null,"
		      "\"k\xef\xbf\xbd\":true}"));
	free(t);
	json_decref(o);
}

static void feed(struct frame_reader *r, const char *s, size_t n)
{
	int p[2];

	CHECK(!pipe(p));
	CHECK(write(p[1], s, n) == (ssize_t)n);
	close(p[1]);
	while (frame_fill(r, p[0]) > 0)
		;
	close(p[0]);
}

/* All the bodies the reader finds in @in, joined with '|'. */
static char *frames(const char *in, size_t n, unsigned *bad)
{
	struct frame_reader r;
	struct strbuf out = { 0 };
	const char *body, *why;
	size_t len;
	enum frame_status st;
	json_t *j;

	*bad = 0;
	frame_reader_init(&r);
	r.max_body = 64;
	feed(&r, in, n);
	while ((st = frame_next(&r, &body, &len, &why)) != FRAME_MORE) {
		if (st == FRAME_BAD) {
			(*bad)++;
			continue;
		}
		j = jsonio_parse(body, len, NULL);
		if (!j && frame_resync_in_body(&r, len)) {
			(*bad)++;
			continue;
		}
		json_decref(j);
		if (out.len)
			sb_add(&out, "|", 1);
		sb_add(&out, body, len);
	}
	frame_reader_free(&r);
	return sb_detach(&out);
}

static void expect_frames(const char *in, const char *want, unsigned nbad)
{
	unsigned bad;
	char *got = frames(in, strlen(in), &bad);

	if (strcmp(got, want) || bad != nbad)
		fprintf(stderr,
			"frames of %s: got '%s' (%u bad), want '%s' "
			"(%u bad)\n",
			in, got, bad, want, nbad);
	CHECK(!strcmp(got, want) && bad == nbad);
	free(got);
}

static void test_frames(void)
{
	expect_frames("Content-Length: 2\r\n\r\n{}Content-Length: 3\r\n\r\n[1]",
		      "{}|[1]", 0);
	/* any case, other fields, bare newlines */
	expect_frames("content-length:2\nContent-Type: x\n\n{}", "{}", 0);
	/* garbage between messages */
	expect_frames("{}Content-Length: 2\r\n\r\n{}", "{}", 1);
	expect_frames("hello\r\n\r\nContent-Length: 2\r\n\r\n{}", "{}", 1);
	/* a header without a length, a bad length */
	expect_frames("Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}",
		      "{}", 1);
	expect_frames("Content-Length: x\r\n\r\nContent-Length: 2\r\n\r\n{}",
		      "{}", 1);
	/* too large: skipped unread, the next one is found */
	expect_frames("Content-Length: 100\r\n\r\n"
		      "0123456789012345678901234567890123456789"
		      "0123456789012345678901234567890123456789"
		      "01234567890123456789"
		      "Content-Length: 2\r\n\r\n{}",
		      "{}", 1);
	/* a length that says more than was sent: the next header is found */
	expect_frames(
		"Content-Length: 40\r\n\r\n{\"a\":Content-Length: 2\r\n\r\n"
		"{}Content-Length: 2\r\n\r\n[]",
		"{}|[]", 1);
	/* cut short at the end: nothing, and no crash */
	expect_frames("Content-Length: 10\r\n\r\n{}", "", 0);
	expect_frames("Content-Len", "", 0);
	/* garbage with a blank line, alone in the buffer: no livelock */
	expect_frames("\x01 junk \xff\r\n\r\n", "", 1);
	expect_frames("ab\r\n\r\nContent-Length: 2\r\n\r\n{}", "{}", 1);
}

static void test_positions(void)
{
	/* "aé😀b\nx": é is 2 bytes, the emoji 4 (a surrogate pair) */
	const char *t = "a\xc3\xa9\xf0\x9f\x98\x80"
			"b\nx";
	size_t len = strlen(t);
	struct line_index li;
	unsigned line, ch;

	lines_build(&li, t, len);
	CHECK(li.n == 2);
	pos_from_offset(t, len, &li, 7, ENC_UTF16, &line, &ch);
	CHECK(line == 0 && ch == 4);
	pos_from_offset(t, len, &li, 7, ENC_UTF8, &line, &ch);
	CHECK(line == 0 && ch == 7);
	pos_from_offset(t, len, &li, 7, ENC_UTF32, &line, &ch);
	CHECK(line == 0 && ch == 3);
	pos_from_offset(t, len, &li, 9, ENC_UTF16, &line, &ch);
	CHECK(line == 1 && ch == 0);
	CHECK(pos_to_offset(t, len, &li, 0, 4, ENC_UTF16) == 7);
	CHECK(pos_to_offset(t, len, &li, 0, 99, ENC_UTF16) == 8);
	CHECK(pos_to_offset(t, len, &li, 5, 0, ENC_UTF16) == len);
	CHECK(pos_offset_of_line_col(t, len, &li, 2, 1) == 9);
	CHECK(pos_offset_of_line_col(t, len, &li, 1, 50) == 8);
	lines_free(&li);
}

static void test_uris(void)
{
	/* the editor's, and SARIF's: relative references, bases */
	static const struct {
		const char *path;
		bool dir;
		const char *uri;
	} enc[] = {
		{ "/tmp/a b+c.c", false, "file:///tmp/a%20b%2Bc.c" },
		{ "src/caf\xc3\xa9 x.c", false, "src/caf%C3%A9%20x.c" },
		{ "/work/tree", true, "file:///work/tree/" },
		{ "/", true, "file:///" },
	};
	char *p = uri_to_path("file:///tmp/a%20b/c.c");
	unsigned i;

	CHECK(p && !strcmp(p, "/tmp/a b/c.c"));
	free(p);
	p = uri_to_path("file://localhost/tmp/./x/../c.c");
	CHECK(p && !strcmp(p, "/tmp/c.c"));
	free(p);
	CHECK(!uri_to_path("untitled:Untitled-1"));
	CHECK(!uri_to_path("file://host/share/c.c"));
	CHECK(!uri_to_path("file:///a%00b"));
	for (i = 0; i < sizeof(enc) / sizeof(enc[0]); i++) {
		p = uri_from_path(enc[i].path, enc[i].dir);
		if (strcmp(p, enc[i].uri))
			fprintf(stderr, "uri_from_path(%s): %s\n", enc[i].path,
				p);
		CHECK(!strcmp(p, enc[i].uri));
		free(p);
	}
}

static void test_changes(void)
{
	struct docs ds = { NULL, 0 };
	struct doc *d =
		docs_open(&ds, "file:///x.c", "ab\n\xf0\x9f\x98\x80z\n", 9, 1);
	json_t *c;

	c = parse("{\"range\":{\"start\":{\"line\":1,\"character\":2},"
		  "\"end\":{\"line\":1,\"character\":3}},\"text\":\"Q\"}");
	CHECK(!doc_apply_change(d, c, ENC_UTF16));
	CHECK(!strcmp(d->text, "ab\n\xf0\x9f\x98\x80Q\n"));
	json_decref(c);
	c = parse("{\"range\":{\"start\":{\"line\":0,\"character\":1},"
		  "\"end\":{\"line\":1,\"character\":0}},\"text\":\"\"}");
	CHECK(!doc_apply_change(d, c, ENC_UTF16));
	CHECK(!strcmp(d->text, "a\xf0\x9f\x98\x80Q\n"));
	json_decref(c);
	c = parse("{\"text\":\"new\"}");
	CHECK(!doc_apply_change(d, c, ENC_UTF16));
	CHECK(!strcmp(d->text, "new") && d->len == 3);
	json_decref(c);
	c = parse("{\"range\":{\"start\":{\"line\":-1}},\"text\":\"\"}");
	CHECK(doc_apply_change(d, c, ENC_UTF16));
	json_decref(c);
	c = parse("{\"range\":{\"start\":{\"line\":0,\"character\":2},"
		  "\"end\":{\"line\":0,\"character\":1}},\"text\":\"\"}");
	CHECK(doc_apply_change(d, c, ENC_UTF16));
	json_decref(c);
	docs_free(&ds);
}

/* clangd's DebouncePolicy: the median of the last 15, within 50..500 ms */
static void test_debounce(void)
{
	static const long few[] = { 10, 20, 30 }, slow[] = { 900, 100, 700 },
			  even[] = { 100, 300, 200, 400 };
	long many[20];
	unsigned i;

	CHECK(srv_debounce_policy(NULL, 0) == 0.5);
	CHECK(srv_debounce_policy(even, 1) == 0.1);
	CHECK(srv_debounce_policy(few, 3) == 0.05);
	CHECK(srv_debounce_policy(slow, 3) == 0.5);
	CHECK(srv_debounce_policy(even, 4) == 0.3);
	for (i = 0; i < 20; i++)
		many[i] = i < 5 ? 5000 : 120;
	CHECK(srv_debounce_policy(many, 20) == 0.12);
}

/* The debounce's history: re-checks on the preamble, the last 15 */
static void test_took(void)
{
	struct docs ds = { 0 };
	struct doc *d = docs_open(&ds, "file:///a.c", "", 0, 1);
	unsigned i;

	doc_took(d, 1900, false); /* the first check: no preamble yet */
	CHECK(d->ntook == 0);
	for (i = 0; i < DOC_HISTORY + 2; i++)
		doc_took(d, 100 + (long)i, true);
	CHECK(d->ntook == DOC_HISTORY);
	CHECK(d->took[0] == 102 && d->took[DOC_HISTORY - 1] == 116);
	docs_free(&ds);
}

int main(void)
{
	test_json_valid();
	test_json_invalid();
	test_json_write();
	test_frames();
	test_positions();
	test_uris();
	test_changes();
	test_debounce();
	test_took();
	if (failures)
		fprintf(stderr, "%d failure(s)\n", failures);
	else
		printf("lsp unit tests: all passed\n");
	return failures ? 1 : 0;
}
