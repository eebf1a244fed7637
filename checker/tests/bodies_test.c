// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the header-body memo's text side (src/tu/bodies.h): what
 * its scan reads as identifiers, directives and pastes, and the "seen"
 * set's rollback when a blanked TU is analysed again.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "events/build.h"
#include "events/builder.h"
#include "tu/bodies.h"
#include "util.h"

struct scanned {
	char text[512];
	size_t len;
};

/* "name" for an identifier, "#name" on a directive line, "##" a paste */
static void note(void *ctx, size_t off, const char *s, size_t n,
		 size_t directive)
{
	struct scanned *sc = ctx;

	(void)off;
	sc->len += (size_t)snprintf(
		sc->text + sc->len, sizeof(sc->text) - sc->len, "%s%s%.*s",
		sc->len ? " " : "", directive && n ? "#" : "", n ? (int)n : 2,
		n ? s : "##");
}

static void test_scan(void)
{
	static const char *const cases[][2] = {
		{ "int a; /* b */ c(d); // e\nf", "int a c d f" },
		{ "x = \"g h\" + 'i' + 0x1fUL + 1e5;", "x" },
		{ "#define M(a) pre_##a\nn", "#define #M #a #pre_ ## #a n" },
		/* a directive runs on over a backslash-newline */
		{ "#if A \\\n && B\nC", "#if #A #B C" },
		/* a directive's '#' only at the start of a line */
		{ "a # b\n  # endif", "a b #endif" },
		{ "/* x\n# y */ z", "z" },
	};
	unsigned i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct scanned sc = { "", 0 };

		body_scan_idents(cases[i][0], 0, strlen(cases[i][0]), note,
				 &sc);
		CHECK_STR(sc.text, cases[i][1]);
	}
}

static void test_seen_rollback(void)
{
	struct seen_set *s = seen_new();
	char key[32];
	unsigned i;

	CHECK(!seen_test_and_add(s, "a.h:1"));
	seen_mark(s);
	CHECK(!seen_test_and_add(s, "b.h:2"));
	/* and enough more to grow the table under the mark */
	for (i = 0; i < 3000; i++) {
		snprintf(key, sizeof(key), "c.h:%u", i);
		CHECK(!seen_test_and_add(s, key));
	}
	seen_rollback(s);
	CHECK(seen_test_and_add(s, "a.h:1"));
	CHECK(!seen_test_and_add(s, "b.h:2"));
	CHECK(!seen_test_and_add(s, "c.h:2999"));
	CHECK(seen_test_and_add(s, "c.h:2999"));
	seen_free(s);
}

int main(void)
{
	test_scan();
	test_seen_rollback();
	if (failures)
		fprintf(stderr, "%d bodies test failures\n", failures);
	else
		printf("bodies tests: ok\n");
	return failures ? 1 : 0;
}
