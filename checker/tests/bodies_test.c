// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the header-body memo (src/bodies/bodies.h): what its scan
 * reads as identifiers, directives and pastes, which bodies a plan keeps,
 * and the "seen" set's rollback when a blanked TU is analysed again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "events/build.h"
#include "events/builder.h"
#include "bodies/bodies.h"
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

/*
 * The header of the plan tests, learnt from learn.c. Each function's
 * name says whether a TU that calls only use()'s callees needs its body.
 */
static const char plan_header[] =
	"#define CALL(kind) inc_##kind\n"
	"#define STAT(n) __##n\n"
	"#define ARGMAP(func) __argmap_##func\n"
	"#define SCALE(b) ((b) * 2)\n"
	"#ifdef ODD_BUILD\n"
	"#define ALLOC(q) odd_alloc(q)\n"
	"#else\n"
	"#define ALLOC(q) real_alloc(q)\n"
	"#endif\n"
	"static inline int odd_alloc(int q) { return q; }\n"
	"static inline int real_alloc(int q) { return q; }\n"
	"#define __argmap_pool(q) zero_upper(q)\n"
	"static inline int zero_upper(int q) { return q; }\n"
	"#define GETTER(name) \\\n"
	"\tstatic inline int get_##name(void) { return helper_##name(); }\n"
	"static inline int inc_a(void) { return 1; }\n"
	"static inline int inc_b(void) { return 2; }\n"
	"static inline int __counter(void) { return 3; }\n"
	"static inline int helper_x(void) { return 4; }\n"
	"static inline int helper_y(void) { return 5; }\n"
	"static inline int hooked(int v) { return v; }\n"
	"static int (*const hook)(int) = hooked;\n"
	"static inline int kept_callee(void) { return 6; }\n"
	"static inline int with_define(void)\n"
	"{\n"
	"#define LOCAL 1\n"
	"\treturn kept_callee() + LOCAL;\n"
	"}\n"
	"static inline int unused_callee(void) { return 7; }\n"
	"static inline int unused_define(void)\n"
	"{\n"
	"#define OTHER 1\n"
	"\treturn unused_callee() + OTHER;\n"
	"}\n"
	"GETTER(x)\n"
	"GETTER(y)\n";

static void write_text(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");

	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	free(path);
}

/* Whether @plan blanked the function named @name. */
static bool blanked(const struct body_memo *m, const struct body_plan *plan,
		    const char *name)
{
	unsigned i;

	for (i = 0; i < plan->nblanked; i++)
		if (!strcmp(body_id_name(m, m->fns[plan->blanked[i]].name),
			    name))
			return true;
	return false;
}

static bool handed(const struct body_plan *plan, const char *base)
{
	unsigned i;
	const char *slash;

	for (i = 0; i < plan->n; i++) {
		slash = strrchr(plan->files[i].Filename, '/');
		if (!strcmp(slash ? slash + 1 : plan->files[i].Filename, base))
			return true;
	}
	return false;
}

static void test_plan(void)
{
	char dir[] = "/tmp/ordercheck-bodies-XXXXXX";
	char *args[] = { "-I", dir };
	struct tu_job learn = { "learn.c", dir, args, 2 };
	struct tu_job use = { "use.c", dir, args, 2 };
	struct body_memo *m = bodies_new();
	struct body_plan plan;
	CXIndex idx = clang_createIndex(0, 0);
	CXTranslationUnit tu = NULL;
	char *path;

	CHECK(mkdtemp(dir) != NULL);
	write_text(dir, "h.h", plan_header);
	write_text(dir, "other.h",
		   "static inline int other(void) "
		   "{ return 8; }\n");
	write_text(dir, "learn.c", "#include \"h.h\"\n#include \"other.h\"\n");
	/*
	 * use.c names the rest of a paste (a), a fragment only through its
	 * macro (STAT), a macro by a paste (__argmap_pool), the function a
	 * macro made (get_x) and the one with a directive in it, and a macro
	 * whose parameter is named b; it defines ODD_BUILD, which learn.c
	 * does not; it does not include other.h.
	 */
	write_text(dir, "use.c",
		   "#define ODD_BUILD\n"
		   "#include \"h.h\"\n"
		   "int use(void) { return CALL(a)() + get_x() + "
		   "with_define() + STAT(other_name) + ARGMAP(pool)(1) +\n"
		   "SCALE(3) + ALLOC(4); }\n");
	path = xasprintf("%s/learn.c", dir);
	CHECK(clang_parseTranslationUnit2(
		      idx, path, (const char **)args, 2, NULL, 0,
		      CXTranslationUnit_DetailedPreprocessingRecord,
		      &tu) == CXError_Success);
	free(path);
	if (tu) {
		bodies_learn(m, tu, &learn);
		clang_disposeTranslationUnit(tu);
	}
	bodies_plan(m, &use, &plan);
	/*
	 * a paste makes inc_a (a is written), not inc_b (b is only a
	 * parameter's name) nor __counter
	 */
	CHECK(!blanked(m, &plan, "inc_a"));
	CHECK(blanked(m, &plan, "inc_b"));
	CHECK(blanked(m, &plan, "__counter"));
	/* the #define learn.c's #ifs left out */
	CHECK(!blanked(m, &plan, "odd_alloc"));
	/* a paste that makes a macro's name: what the macro calls */
	CHECK(!blanked(m, &plan, "zero_upper"));
	/* the made get_x() calls helper_x(); nothing calls get_y() */
	CHECK(!blanked(m, &plan, "helper_x"));
	CHECK(blanked(m, &plan, "helper_y"));
	/* named outside any body, but only a macro's name leads to one */
	CHECK(blanked(m, &plan, "hooked"));
	/* a definition that cannot be blanked keeps what it calls */
	CHECK(!blanked(m, &plan, "kept_callee"));
	CHECK(blanked(m, &plan, "unused_callee"));
	/* no #include line of use.c leads to other.h */
	CHECK(handed(&plan, "h.h"));
	CHECK(!handed(&plan, "other.h"));
	bodies_plan_free(&plan);
	bodies_free(m);
	clang_disposeIndex(idx);
	path = xasprintf("rm -rf '%s'", dir);
	CHECK(system(path) == 0);
	free(path);
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
	test_plan();
	test_seen_rollback();
	if (failures)
		fprintf(stderr, "%d bodies test failures\n", failures);
	else
		printf("bodies tests: ok\n");
	return failures ? 1 : 0;
}
