// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the event IR: small C snippets parsed with libclang (and
 * the model header), their events checked one by one. One test per
 * concern of events/: keys, primitive matching, folding, walking, the
 * scan memo.
 *
 *	ordercheck_events_tests keys|prims|fold|walk|scans
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "bodies/worker.h"
#include "events/build.h"
#include "events/keys.h"
#include "tu/frontend.h"
#include "util.h"

/* ---- a snippet, parsed as the checker parses a file ---- */

struct snippet {
	char dir[32], path[48];
	CXIndex idx;
	CXTranslationUnit tu;
	struct tu_ir ir;
};

/* Parse @src as t.c in a directory of its own; NULL (and a failure) if not. */
static struct snippet *parse(const char *src, bool old_bitops)
{
	struct snippet *s = xcalloc(1, sizeof(*s));
	struct build_opts bo = { .old_bitops = old_bitops };
	struct frontend_opts fo = { 0 };
	struct diag_list msgs = { 0 };
	struct tu_job *job = xcalloc(1, sizeof(*job));
	FILE *f;

	strcpy(s->dir, "/tmp/oc-events-XXXXXX");
	if (!mkdtemp(s->dir))
		goto fail;
	snprintf(s->path, sizeof(s->path), "%s/t.c", s->dir);
	f = fopen(s->path, "w");
	if (!f)
		goto fail;
	fputs(src, f);
	fclose(f);
	s->idx = clang_createIndex(0, 0);
	frontend_job_from_args(job, s->path, NULL, 0);
	/* the snippets are valid C: any message is a failure */
	if (frontend_parse(s->idx, job, &fo, NULL, &s->tu, &msgs) || msgs.n)
		goto fail;
	frontend_jobs_free(job, 1);
	events_build_tu(s->tu, &bo, &s->ir);
	return s;
fail:
	fprintf(stderr, "FAILED: cannot parse the snippet:\n%s", src);
	failures++;
	frontend_jobs_free(job, 1);
	diag_list_free(&msgs);
	if (s->tu)
		clang_disposeTranslationUnit(s->tu);
	if (s->idx)
		clang_disposeIndex(s->idx);
	if (s->path[0])
		unlink(s->path);
	rmdir(s->dir);
	free(s);
	return NULL;
}

static void done(struct snippet *s)
{
	if (!s)
		return;
	events_free_tu(&s->ir);
	clang_disposeTranslationUnit(s->tu);
	clang_disposeIndex(s->idx);
	unlink(s->path);
	rmdir(s->dir);
	free(s);
}

static const struct function_ir *fn(const struct snippet *s, const char *name)
{
	unsigned i;

	for (i = 0; s && i < s->ir.nfns; i++)
		if (!strcmp(s->ir.fns[i]->name, name))
			return s->ir.fns[i];
	fprintf(stderr, "FAILED: no function %s\n", name);
	failures++;
	return NULL;
}

/* The @nth (from 0) event of @l named @name, or NULL. */
static const struct event *named(const struct evlist *l, const char *name,
				 unsigned nth)
{
	unsigned i;
	const struct event *e;

	evlist_for_each(l, i, e)
		if (e->name && !strcmp(e->name, name) && !nth--)
			return e;
	return NULL;
}

/* Parse @src, check its function @name, and show its IR if that failed. */
static void on_function(const char *src, bool old_bitops, const char *name,
			void (*check)(const struct function_ir *f))
{
	struct snippet *s = parse(src, old_bitops);
	const struct function_ir *f = s ? fn(s, name) : NULL;
	int before = failures;

	if (f)
		check(f);
	if (failures > before && f)
		events_dump(stderr, f);
	done(s);
}

/* ---- keys: keys.c, and the keys lvalues.c gives the AST ---- */

/* A key spelled by keys.c is @want; it is freed. */
static void check_built(char *t, const char *want)
{
	CHECK_STR(t, want);
	free(t);
}

static void test_key_text(void)
{
	struct key k;

	CHECK(keys_parse("**global:x@f.c[][]", &k) && k.kind == KEY_STATIC &&
	      k.ops.len == 2 && k.elems == 2 && k.name.len == 1 &&
	      !strncmp(k.file.s, "f.c", k.file.len) && k.file.len == 3);
	CHECK(keys_parse("struct foo.bar", &k) && k.kind == KEY_FIELD &&
	      !k.in_union && k.record.len == 3 &&
	      !strncmp(k.record.s, "foo", 3) && k.name.len == 3 &&
	      !strncmp(k.name.s, "bar", 3));
	CHECK(keys_parse("union (unnamed).x", &k) && k.in_union);
	CHECK(keys_parse("*param:p", &k) && k.kind == KEY_PARAM &&
	      k.ops.len == 1);
	CHECK(keys_parse("local:v", &k) && k.kind == KEY_LOCAL);
	CHECK(!keys_parse("p->next", &k) && k.kind == KEY_NONE);

	check_built(keys_static("x", "/src/kernel/f.c"), "global:x@f.c");
	check_built(keys_field("foo", "bar"), "struct foo.bar");
	check_built(keys_field("union u", "x"), "union u.x");
	/* the path of an anonymous record would make keys differ per tree */
	check_built(keys_field("struct mm::(anonymous at /src/mm.h:3:2)", "a"),
		    "struct mm::(anonymous).a");
	check_built(keys_deref("&global:x"), "global:x");
	check_built(keys_deref("param:p"), "*param:p");

	CHECK(keys_shared("struct foo.bar") && keys_shared("global:x@f.c[]"));
	CHECK(!keys_shared("*global:x") && !keys_shared("param:p") &&
	      !keys_shared("local:x") && !keys_shared(NULL));
	CHECK(keys_same_struct("struct a.x", "struct a.y[]"));
	CHECK(!keys_same_struct("struct a.x", "struct b.x"));
	CHECK(!keys_same_struct("union a.x", "union a.y"));
	CHECK(!keys_same_struct("*struct a.x", "struct a.y"));
	CHECK(keys_of_struct("struct sock.sk_flags", "sock"));
	CHECK(!keys_of_struct("struct sock_common.x", "sock"));
}

static void check_shown(const char *key, enum keys_style style,
			const char *want)
{
	int len;
	const char *s = keys_shown(key, style, &len);
	char buf[128];

	snprintf(buf, sizeof(buf), "%.*s", len, s);
	CHECK_STR(buf, want);
}

static void test_key_shown(void)
{
	check_shown("global:x@f.c", KEYS_MESSAGE, "x");
	check_shown("global:x", KEYS_MESSAGE, "x");
	check_shown("struct foo.bar", KEYS_MESSAGE, "struct foo.bar");
	check_shown("*global:x@f.c", KEYS_MESSAGE, "*global:x@f.c");
	check_shown("struct foo.bar[]", KEYS_NAME, "foo.bar[]");
	check_shown("*global:x@f.c", KEYS_NAME, "*global:x");
	check_shown("param:p", KEYS_NAME, "param:p");
}

static const char keys_src[] =
	"#include <ordercheck/linux.h>\n"
	"struct foo { int a; int arr[4]; struct { int in; }; };\n"
	"int g;\n"
	"static int s;\n"
	"int garr[8];\n"
	"void keys(struct foo *p, int *q, int i)\n"
	"{\n"
	"	WRITE_ONCE(g, 1);\n"
	"	WRITE_ONCE(s, 1);\n"
	"	WRITE_ONCE(p->a, 1);\n"
	"	WRITE_ONCE(garr[i], 1);\n"
	"	WRITE_ONCE(*q, 1);\n"
	"	smp_store_release(&p->arr[i], 1);\n"
	"	smp_store_release(q, 1);\n"
	"	WRITE_ONCE(*&g, 1);\n"
	"	WRITE_ONCE(*(&g), 1);\n"
	"	WRITE_ONCE(p->in, 1);\n"
	"}\n";

static void check_keys(const struct function_ir *f)
{
	static const char *const want[] = {
		"global:g",	 "global:s@t.c", "struct foo.a",
		"global:garr[]", "*param:q",	 "struct foo.arr[]",
		"*param:q",	 "global:g",	 "global:g", /* *&g is g */
	};
	const struct evlist *l = &f->body;
	struct key k;
	unsigned i;

	/* a parameter is a local: reading p or q makes no event */
	CHECK(l->n == 10);
	for (i = 0; i < l->n && i < 10; i++)
		CHECK(l->v[i]->type == EV_ACCESS && l->v[i]->kind == K_STORE);
	for (i = 0; i < l->n && i < 9; i++)
		CHECK_STR(l->v[i]->key, want[i]);
	/* a field of an anonymous struct: named by its record, no path */
	if (l->n == 10)
		CHECK(l->v[9]->key && !strncmp(l->v[9]->key, "struct ", 7) &&
		      !strchr(l->v[9]->key, '/') &&
		      strstr(l->v[9]->key, ").in"));
	/* shared: all but what a parameter points to */
	for (i = 0; i < l->n; i++)
		CHECK(events_shared_key(l->v[i]->key) ==
		      (keys_parse(l->v[i]->key, &k) && k.kind != KEY_PARAM));
}

static void test_keys(void)
{
	test_key_text();
	test_key_shown();
	on_function(keys_src, false, "keys", check_keys);
}

/* ---- primitive matching: macros, calls, builtins, shapes ---- */

static const char prims_src[] =
	"#include <ordercheck/linux.h>\n"
	"int x, y;\n"
	"atomic_t v;\n"
	"unsigned long bits;\n"
	"volatile int vol;\n"
	"_Atomic int at;\n"
	"void prims(void)\n"
	"{\n"
	"	int r = READ_ONCE(x);\n"
	"	WRITE_ONCE(y, r + 1);\n"
	"	smp_mb();\n"
	"	atomic_inc(&v);\n"
	"	r = atomic_inc_return(&v);\n"
	"	test_and_set_bit(1, &bits);\n"
	"	r = vol;\n"
	"	at++;\n"
	"	barrier();\n"
	"	__asm__ __volatile__(\"\" : : : \"memory\");\n"
	"	r = __sync_fetch_and_add(&x, 1);\n"
	"	if (__builtin_expect(r, 0))\n"
	"		rcu_read_lock();\n"
	"}\n";

static const char c11_src[] =
	"#include <stdatomic.h>\n"
	"atomic_int a;\n"
	"int plain;\n"
	"void c11(void)\n"
	"{\n"
	"	int r = atomic_load_explicit(&a, memory_order_acquire);\n"
	"	atomic_store_explicit(&a, r, memory_order_relaxed);\n"
	"	atomic_fetch_add(&a, 1);\n"
	"	atomic_thread_fence(memory_order_release);\n"
	"	r = __atomic_load_n(&plain, __ATOMIC_RELAXED);\n"
	"}\n";

static void check_kernel_prims(const struct function_ir *f)
{
	const struct evlist *l = &f->body;
	const struct event *e;

	e = named(l, "READ_ONCE", 0);
	CHECK(e && e->type == EV_ACCESS && e->kind == K_LOAD &&
	      e->cls == OC_MLOAD && e->prim && e->prim->dialect == D_LINUX);
	CHECK(e && !strcmp(e->key, "global:x") && e->fixable);
	CHECK(events_has_role(e, R_UNNAMED_DEP));
	e = named(l, "WRITE_ONCE", 0);
	CHECK(e && e->kind == K_STORE && e->cls == OC_MSTORE);
	CHECK(e && e->value_text && !strcmp(e->value_text, "r + 1"));
	CHECK(e && !strcmp(e->args, "y, r + 1"));
	CHECK(events_has_role(e, R_STORE_MB));
	e = named(l, "smp_mb", 0);
	CHECK(e && e->type == EV_FENCE && e->cls == OC_FENCE_FULL);
	CHECK(events_has_role(e, R_MB_HELPERS) &&
	      events_has_role(e, R_RMW_IMPLIED));
	/* a static inline in the model header, matched by its callee name */
	e = named(l, "atomic_inc", 0);
	CHECK(e && e->type == EV_ACCESS && e->kind == K_RMW &&
	      e->cls == OC_RMW_RLX && !strcmp(e->key, "global:v"));
	CHECK(events_is_lkmm_rmw(e));
	e = named(l, "atomic_inc_return", 0);
	CHECK(e && e->cls == OC_RMW_FULL && (e->flags & F_RET));
	e = named(l, "test_and_set_bit", 0);
	CHECK(e && e->cls == OC_RMW_FULL && (e->flags & F_BITOP_V6) &&
	      !(e->flags & F_COND));
	/* shapes: volatile and _Atomic by type, asm by its clobber */
	e = named(l, "volatile access", 0);
	CHECK(e && e->kind == K_LOAD && e->cls == OC_MLOAD &&
	      (e->flags & EVF_VOLATILE) && !e->prim);
	CHECK(e && events_is_marked(e));
	e = named(l, "_Atomic operator", 0);
	CHECK(e && e->kind == K_RMW && e->cls == OC_RMW_SC &&
	      (e->flags & EVF_ATOMIC_TYPE) && e->order == MO_SEQ_CST);
	e = named(l, "barrier", 0);
	CHECK(e && e->type == EV_FENCE && e->cls == OC_CBAR && e->prim);
	e = named(l, "asm", 0);
	CHECK(e && e->type == EV_FENCE && e->cls == OC_CBAR &&
	      (e->flags & EVF_ASM));
	/* clang's __sync_fetch_and_add_4, by its vocabulary name */
	e = named(l, "__sync_fetch_and_add", 0);
	CHECK(e && e->cls == OC_RMW_FULL && e->prim &&
	      e->prim->dialect == D_GNU && !strcmp(e->key, "global:x"));
	/* __builtin_expect() is no call; its argument still is a condition */
	CHECK(!named(l, "__builtin_expect", 0));
	e = named(l, "if", 0);
	CHECK(e && e->nlegs == 2 && e->legs[0].n == 1);
	if (e && e->legs[0].n == 1) {
		e = e->legs[0].v[0];
		CHECK(e->type == EV_MARKER && events_has_role(e, R_RCU_LOCK) &&
		      !strcmp(e->name, "rcu_read_lock"));
	}
}

/* --old-bitops: test_and_*_bit() are unordered when they fail */
static void check_old_bitops(const struct function_ir *f)
{
	const struct event *e = named(&f->body, "test_and_set_bit", 0);

	CHECK(e && e->cls == OC_RMW_FULL && (e->flags & F_COND));
}

static void check_c11_prims(const struct function_ir *f)
{
	const struct evlist *l = &f->body;
	const struct event *e;

	e = named(l, "atomic_load_explicit", 0);
	CHECK(e && e->kind == K_LOAD && e->cls == OC_ACQ_LOAD &&
	      e->order == MO_ACQUIRE && e->prim->dialect == D_C11);
	CHECK(e && !strcmp(e->key, "global:a"));
	e = named(l, "atomic_store_explicit", 0);
	CHECK(e && e->kind == K_STORE && e->cls == OC_MSTORE &&
	      e->order == MO_RELAXED);
	/* <stdatomic.h>'s, not the kernel's atomic_fetch_add() */
	e = named(l, "atomic_fetch_add", 0);
	CHECK(e && e->prim && e->prim->dialect == D_C11 &&
	      e->cls == OC_RMW_SC && (e->flags & F_SEQ_CST));
	e = named(l, "atomic_thread_fence", 0);
	CHECK(e && e->type == EV_FENCE && e->cls == OC_FENCE_REL);
	e = named(l, "__atomic_load_n", 0);
	CHECK(e && e->cls == OC_MLOAD && e->prim->dialect == D_GNU &&
	      !strcmp(e->key, "global:plain"));
}

/*
 * Primitives behind user macros, at any depth (macro_plan.c): the event
 * is the primitive's, where the user wrote the outer macro; a store
 * through a macro's parenthesised assignment is a store.
 */
static const char macros_src[] =
	"#include <ordercheck/linux.h>\n"
	"struct msg { int data; int flag; } m;\n"
	"int x, *gp;\n"
	"#define PUBLISH(v) WRITE_ONCE(m.flag, v)\n"
	"#define set_flag(p, v) __set(&(p)->flag, v)\n"
	"#define __set(ptr, v) smp_store_release(ptr, v)\n"
	"#define get_gp() ({ int *__p = READ_ONCE(gp); __p; })\n"
	"#define u64_u32_store_copy(var, copy, val) (var = val)\n"
	"#define u64_u32_store(var, val) \\\n"
	"	u64_u32_store_copy(var, __##var##_copy, val)\n"
	"#define MY_BARRIER() asm volatile(\"\" ::: \"memory\")\n"
	"#define MY_NOP() asm volatile(\"nop\")\n"
	"int macros(struct msg *p, int v)\n"
	"{\n"
	"	PUBLISH(1);\n"
	"	set_flag(p, v);\n"
	"	u64_u32_store(x, v);\n"
	"	MY_BARRIER();\n"
	"	MY_NOP();\n"
	"	_Static_assert(__builtin_types_compatible_p(__typeof__(*gp), int),\n"
	"		       \"container_of()'s check: not evaluated\");\n"
	"	return *get_gp();\n"
	"}\n";

static void check_macros(const struct function_ir *f)
{
	const struct evlist *l = &f->body;
	const struct event *e;
	unsigned i;

	e = named(l, "WRITE_ONCE", 0);
	CHECK(e && e->kind == K_STORE && e->cls == OC_MSTORE && e->key &&
	      !strcmp(e->key, "struct msg.flag") && e->span.line == 15 &&
	      !e->fixable && e->value_text && !strcmp(e->value_text, "1"));
	e = named(l, "smp_store_release", 0);
	CHECK(e && e->kind == K_STORE && e->cls == OC_REL_STORE && e->key &&
	      !strcmp(e->key, "struct msg.flag") && e->span.line == 16);
	e = named(l, "plain store", 0);
	CHECK(e && e->key && !strcmp(e->key, "global:x") && e->span.line == 17);
	/* "(var = val)" loads nothing: the old engine took '=' for ',' */
	for (i = 0; (e = named(l, "plain load", i)); i++)
		CHECK(!e->key || strcmp(e->key, "global:x"));
	e = named(l, "asm", 0);
	CHECK(e && e->type == EV_FENCE && e->cls == OC_CBAR &&
	      e->span.line == 18 && !named(l, "asm", 1));
	e = named(l, "READ_ONCE", 0);
	CHECK(e && e->kind == K_LOAD && e->key &&
	      !strcmp(e->key, "global:gp") && e->span.line == 22);
	for (i = 0; (e = named(l, "plain load", i)); i++)
		CHECK(e->span.line != 20);
}

static void test_prims(void)
{
	on_function(macros_src, false, "macros", check_macros);
	on_function(prims_src, false, "prims", check_kernel_prims);
	on_function(prims_src, true, "prims", check_old_bitops);
	on_function(c11_src, false, "c11", check_c11_prims);
}

/* ---- folding: conditions the compiler decides ---- */

static const char fold_src[] = "#include <ordercheck/linux.h>\n"
			       "#define CONFIG_X 0\n"
			       "int a, b;\n"
			       "void fold(void)\n"
			       "{\n"
			       "	int q = READ_ONCE(a);\n"
			       "	if (q % 1)\n"
			       "		WRITE_ONCE(b, 1);\n"
			       "	if (q || 1)\n"
			       "		WRITE_ONCE(b, 1);\n"
			       "	if ((q & 3) > 4)\n"
			       "		WRITE_ONCE(b, 1);\n"
			       "	if (q - q)\n"
			       "		WRITE_ONCE(b, 1);\n"
			       "	if (CONFIG_X)\n"
			       "		WRITE_ONCE(b, 1);\n"
			       "	if (q)\n"
			       "		WRITE_ONCE(b, 1);\n"
			       "}\n";

static void check_fold(const struct function_ir *f)
{
	static const struct {
		int folds;
		const char *why, *cond;
	} want[] = {
		{ 0, "q % 1", "q % 1" },
		{ 1, NULL, "q || 1" }, /* clang's own evaluation decides it */
		{ 0, "(q & 3) > 4", "(q & 3) > 4" },
		{ 0, "q - q", "q - q" },
		{ 0, NULL, "CONFIG_X" }, /* clang evaluates it: a constant */
		{ -1, NULL, "q" },
	};
	const struct event *load, *e;
	unsigned i;

	load = named(&f->body, "READ_ONCE", 0);
	CHECK(load && f->body.n == 7);
	for (i = 0; i < 6; i++) {
		e = named(&f->body, "if", i);
		CHECK(e && e->type == EV_BRANCH);
		if (!e)
			continue;
		CHECK(e->folds == want[i].folds);
		if (want[i].why)
			CHECK_STR(e->fold_reason, want[i].why);
		else
			CHECK(!e->fold_reason);
		CHECK_STR(e->cond_text, want[i].cond);
		/* the condition reads a through q, or nothing at all */
		CHECK(e->ndeps == (i == 4 ? 0u : 1u));
		if (e->ndeps)
			CHECK(e->deps[0] == load);
	}
}

static void test_fold(void)
{
	on_function(fold_src, false, "fold", check_fold);
}

/* ---- walking: lists, neighbours, wrappers, dependencies ---- */

static const char walk_src[] =
	"#include <ordercheck/linux.h>\n"
	"struct node { struct node *next; atomic_t cnt; int data; };\n"
	"struct node *head, n0;\n"
	"int flag, data;\n"
	"unsigned long word;\n"
	"static inline void wrap(unsigned long *w) { set_bit(0, w); }\n"
	"void walk(void)\n"
	"{\n"
	"	struct node *p = READ_ONCE(head);\n"
	"	WRITE_ONCE(p->next->data, 1);\n"
	"	atomic_inc(&p->next->cnt);\n"
	"	if (READ_ONCE(flag))\n"
	"		WRITE_ONCE(data, p->data);\n"
	"	else\n"
	"		smp_wmb();\n"
	"	wrap(&word);\n"
	"	while (!READ_ONCE(flag))\n"
	"		;\n"
	"	if (p == &n0)\n"
	"		data = 1;\n"
	"}\n";

static void count_lists(const struct evlist *l, void *arg)
{
	(void)l;
	(*(unsigned *)arg)++;
}

static void check_walk(const struct function_ir *f)
{
	const struct evlist *l = &f->body, *in;
	const struct event *head, *wr, *inc, *next, *br, *flag, *st, *pdata,
		*call, *loop, *cmp;
	unsigned i, nlists = 0, idx;

	head = named(l, "READ_ONCE", 0);
	wr = named(l, "WRITE_ONCE", 0);
	inc = named(l, "atomic_inc", 0);
	br = named(l, "if", 0);
	call = named(l, "wrap", 0);
	loop = named(l, "while", 0);
	cmp = named(l, "if", 1);
	CHECK(head && wr && inc && br && call && loop && cmp);
	if (!head || !wr || !inc || !br || !call || !loop || !cmp)
		return;
	CHECK(!strcmp(head->key, "global:head") && (head->flags & EVF_POINTER));

	/* the load of p->next computes WRITE_ONCE()'s location: no neighbour */
	for (i = 0; i < l->n && l->v[i] != wr; i++)
		;
	next = i ? l->v[i - 1] : NULL;
	CHECK(next && next->type == EV_ACCESS && next->kind == K_LOAD &&
	      (next->flags & EVF_IN_LOC) &&
	      !strcmp(next->key, "struct node.next"));
	CHECK(events_prev(l, i) == head);
	CHECK(events_next(l, 0) == wr);
	CHECK(!strcmp(wr->key, "struct node.data"));
	/* its address comes from p->next, and that from head */
	CHECK(wr->nadeps == 2 && next && next->nadeps == 1 &&
	      next->adeps[0] == head);
	/* the same for a primitive written as a call */
	CHECK(!strcmp(inc->key, "struct node.cnt") && inc->nadeps == 2);

	/* a branch: its condition's loads, its legs */
	CHECK(br->nlegs == 2 && br->ndeps == 1);
	flag = br->ndeps ? br->deps[0] : NULL;
	CHECK(flag && !strcmp(flag->key, "global:flag") &&
	      (flag->flags & EVF_IN_COND));
	st = named(&br->legs[0], "WRITE_ONCE", 0);
	pdata = named(&br->legs[0], "plain load", 0);
	CHECK(st && st->parent == br && !strcmp(st->key, "global:data"));
	CHECK(pdata && pdata->nadeps == 1 && pdata->adeps[0] == head);
	CHECK(named(&br->legs[1], "smp_wmb", 0));
	in = st ? events_list_of(f, st, &idx) : NULL;
	CHECK(in == &br->legs[0] && in->v[idx] == st);

	/* a wrapper defined in the TU is seen as what it does */
	CHECK(call->type == EV_CALL && call->callee_known && call->callee_rmw);
	CHECK(events_through_call(call, true) &&
	      !strcmp(events_through_call(call, true)->name, "set_bit"));
	CHECK(events_through_call(head, true) == head);

	/* a loop: its condition's loads */
	CHECK(loop->type == EV_LOOP && loop->nlegs == 1 && loop->ndeps == 1);

	/* a pointer compared with a known address */
	CHECK(cmp->cmp && cmp->cmp->rhs_addr && !cmp->cmp->lhs_addr &&
	      cmp->cmp->equal_leg == 0 && cmp->cmp->nlhs == 1 &&
	      cmp->cmp->lhs[0] == head);

	/* body, two legs of each if, the loop's */
	events_for_each_list(f, count_lists, &nlists);
	CHECK(nlists == 6);
}

static void test_walk(void)
{
	on_function(walk_src, false, "walk", check_walk);
}

/* ---- scans: what scans.c remembers of a header between TUs ---- */

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		fprintf(stderr, "FAILED: cannot write %s\n", path);
		failures++;
		return;
	}
	fputs(text, f);
	fclose(f);
}

/* Whether t.c's TU, built with @bo, has an IR of the function @name. */
static bool builds(const char *tc, struct build_opts *bo, const char *name)
{
	struct frontend_opts fo = { 0 };
	struct diag_list msgs = { 0 };
	struct tu_job *job = xcalloc(1, sizeof(*job));
	CXIndex idx = clang_createIndex(0, 0);
	CXTranslationUnit tu;
	struct tu_ir ir;
	bool r = false;
	unsigned i;

	frontend_job_from_args(job, tc, NULL, 0);
	if (frontend_parse(idx, job, &fo, NULL, &tu, &msgs) || msgs.n) {
		fprintf(stderr, "FAILED: cannot parse %s\n", tc);
		failures++;
	} else {
		events_build_tu(tu, bo, &ir);
		for (i = 0; i < ir.nfns; i++)
			r = r || !strcmp(ir.fns[i]->name, name);
		events_free_tu(&ir);
		clang_disposeTranslationUnit(tu);
	}
	frontend_jobs_free(job, 1);
	diag_list_free(&msgs);
	clang_disposeIndex(idx);
	return r;
}

/*
 * A header function is built when its text names a primitive, and the
 * answer is remembered for the next TU: until the header changes. The
 * two versions of h.h put f() at the same offset.
 */
static void test_scans(void)
{
	char dir[32] = "/tmp/oc-scans-XXXXXX", h[48], tc[48];
	struct build_opts bo = { .hooks = &worker_memo_hooks,
				 .hooks_ctx = worker_memo_new(false) };

	if (!mkdtemp(dir)) {
		failures++;
		return;
	}
	snprintf(h, sizeof(h), "%s/h.h", dir);
	snprintf(tc, sizeof(tc), "%s/t.c", dir);
	write_text(tc, "#include \"h.h\"\nvoid g(void) { f(); }\n");
	write_text(h, "#include <ordercheck/linux.h>\n"
		      "static inline void f(void) { }\n");
	CHECK(!builds(tc, &bo, "f"));
	CHECK(!builds(tc, &bo, "f"));
	write_text(h, "#include <ordercheck/linux.h>\n"
		      "static inline void f(void) { smp_mb(); }\n");
	CHECK(builds(tc, &bo, "f"));
	CHECK(builds(tc, &bo, "f"));
	worker_memo_free(bo.hooks_ctx);
	unlink(h);
	unlink(tc);
	rmdir(dir);
}

static const struct {
	const char *name;
	void (*run)(void);
} tests[] = {
	{ "keys", test_keys }, { "prims", test_prims }, { "fold", test_fold },
	{ "walk", test_walk }, { "scans", test_scans },
};

int main(int argc, char **argv)
{
	unsigned i, ran = 0;

	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		if (argc > 1 && strcmp(argv[1], tests[i].name))
			continue;
		tests[i].run();
		ran++;
	}
	if (!ran) {
		fprintf(stderr, "usage: %s [keys|prims|fold|walk|scans]\n",
			argv[0]);
		return 2;
	}
	if (failures)
		fprintf(stderr, "%d failure(s)\n", failures);
	return failures ? 1 : 0;
}
