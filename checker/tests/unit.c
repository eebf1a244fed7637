// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the vocabulary tables and the worker wire format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "diag.h"
#include "driver/diffread.h"
#include "util.h"
#include "vocab/vocab.h"

/* Rows checked against ordering-semantics.md, one per table and suffix. */
static const struct {
	const char *name;
	bool c11;
	enum oc_kind kind;
	enum oc_class cls;
	unsigned flags_set;
} classes[] = {
	{ "READ_ONCE", false, K_LOAD, OC_MLOAD, 0 },
	{ "WRITE_ONCE", false, K_STORE, OC_MSTORE, 0 },
	{ "smp_mb", false, K_FENCE, OC_FENCE_FULL, 0 },
	{ "smp_rmb", false, K_FENCE, OC_FENCE_R, 0 },
	{ "smp_wmb", false, K_FENCE, OC_FENCE_W, 0 },
	{ "mb", false, K_FENCE, OC_FENCE_FULL, F_MANDATORY },
	{ "smp_mb__after_atomic", false, K_MODIFIER, OC_MOD_AFTER, 0 },
	{ "smp_mb__before_atomic", false, K_MODIFIER, OC_MOD_BEFORE, 0 },
	{ "atomic_inc", false, K_RMW, OC_RMW_RLX, 0 },
	{ "atomic64_add", false, K_RMW, OC_RMW_RLX, 0 },
	{ "atomic_long_dec", false, K_RMW, OC_RMW_RLX, 0 },
	{ "atomic_inc_return", false, K_RMW, OC_RMW_FULL, F_RET },
	{ "atomic_inc_return_relaxed", false, K_RMW, OC_RMW_RLX, F_RET },
	{ "atomic_fetch_add_acquire", false, K_RMW, OC_RMW_ACQ, F_RET },
	{ "atomic64_fetch_or_release", false, K_RMW, OC_RMW_REL, F_RET },
	{ "raw_atomic_xchg", false, K_RMW, OC_RMW_FULL, F_RET },
	{ "atomic_cmpxchg", false, K_RMW, OC_RMW_FULL, F_RET | F_COND },
	{ "atomic_try_cmpxchg_relaxed", false, K_RMW, OC_RMW_RLX, F_COND },
	{ "atomic_inc_not_zero", false, K_RMW, OC_RMW_FULL, F_COND },
	{ "atomic_dec_and_test", false, K_RMW, OC_RMW_FULL, F_RET },
	{ "atomic_read", false, K_LOAD, OC_MLOAD, 0 },
	{ "atomic_set", false, K_STORE, OC_MSTORE, 0 },
	{ "atomic_set_release", false, K_STORE, OC_REL_STORE, 0 },
	{ "xchg", false, K_RMW, OC_RMW_FULL, F_RET },
	{ "cmpxchg_relaxed", false, K_RMW, OC_RMW_RLX, F_COND },
	{ "cmpxchg_local", false, K_RMW, OC_RMW_RLX, F_LOCAL_CPU },
	{ "set_bit", false, K_RMW, OC_RMW_RLX, 0 },
	{ "test_and_set_bit", false, K_RMW, OC_RMW_FULL, F_BITOP_V6 },
	{ "__set_bit", false, K_RMW, OC_PLAIN, F_NONATOMIC },
	{ "refcount_dec_and_test", false, K_RMW, OC_RMW_ACQREL, F_RET },
	{ "rcu_dereference", false, K_LOAD, OC_DEP_LOAD, 0 },
	{ "rcu_dereference_protected", false, K_LOAD, OC_PLAIN, 0 },
	{ "rcu_assign_pointer", false, K_STORE, OC_PUBLISH, F_NULL_PLAIN },
	{ "RCU_INIT_POINTER", false, K_STORE, OC_MSTORE, 0 },
	{ "llist_add", false, K_RMW, OC_RMW_FULL, F_RET },
	{ "spin_lock", false, K_LOCK, OC_LOCK_ACQ, 0 },
	{ "__sync_fetch_and_add", false, K_RMW, OC_RMW_FULL, F_RET },
	{ "__sync_lock_test_and_set", false, K_RMW, OC_RMW_ACQ, F_RET },
	{ "__sync_synchronize", false, K_FENCE, OC_FENCE_FULL, 0 },
	{ "atomic_load_explicit", true, K_LOAD, OC_NONE, F_MO_ARG },
	{ "atomic_thread_fence", true, K_FENCE, OC_NONE, F_MO_ARG },
	{ "__atomic_fetch_add", false, K_RMW, OC_NONE, F_MO_ARG },
};

static void test_classes(void)
{
	unsigned i;

	for (i = 0; i < sizeof(classes) / sizeof(classes[0]); i++) {
		const struct vocab_entry *e = vocab_lookup(
			classes[i].name,
			classes[i].c11 ? (int)D_C11 : VOCAB_NO_HEADER);

		if (!e) {
			fprintf(stderr, "missing: %s\n", classes[i].name);
			failures++;
			continue;
		}
		if (e->kind != classes[i].kind || e->cls != classes[i].cls ||
		    (e->flags & classes[i].flags_set) != classes[i].flags_set) {
			fprintf(stderr, "wrong row for %s: kind %d class %s\n",
				classes[i].name, e->kind,
				vocab_class_name(e->cls));
			failures++;
		}
	}
	/* C11's atomic_fetch_add is not the kernel's */
	CHECK(vocab_lookup("atomic_fetch_add", D_C11)->dialect == D_C11);
	CHECK(vocab_lookup("atomic_fetch_add", VOCAB_NO_HEADER)->dialect ==
	      D_LINUX);
	CHECK(!vocab_lookup("read", VOCAB_NO_HEADER));
	CHECK(!vocab_lookup("atomic_", VOCAB_NO_HEADER));
	CHECK(vocab_count() > 1000);
}

/* What rules single out comes from the tables' roles, not from names. */
static void test_roles(void)
{
	unsigned i;

	CHECK(vocab_lookup("smp_mb", VOCAB_NO_HEADER)->roles & R_MB_HELPERS);
	CHECK(vocab_lookup("smp_mb", VOCAB_NO_HEADER)->roles & R_STORE_MB);
	CHECK(vocab_lookup("WRITE_ONCE", VOCAB_NO_HEADER)->roles & R_STORE_MB);
	CHECK(!(vocab_lookup("smp_wmb", VOCAB_NO_HEADER)->roles &
		R_MB_HELPERS));
	CHECK(vocab_lookup("__sync_synchronize", VOCAB_NO_HEADER)->roles &
	      R_RMW_IMPLIED);
	CHECK(vocab_lookup("rcu_read_lock_bh", VOCAB_NO_HEADER)->roles &
	      R_RCU_LOCK);
	CHECK(vocab_lookup("rcu_access_pointer", VOCAB_NO_HEADER)->roles &
	      R_PTR_ONLY);
	/* names that are no primitive, by PATTERN rows */
	CHECK(vocab_name_is("__builtin_expect", R_NOT_A_CALL));
	CHECK(vocab_name_is("__sync_fetch_and_add_4", R_SIZED));
	CHECK(vocab_name_is("arch_atomic_inc", R_IMPLEMENTS));
	CHECK(vocab_name_is("lockdep_assert_held_once", R_ASSERTS_HELD));
	CHECK(vocab_name_is("__queue_work_locked", R_CALLER_HOLDS));
	CHECK(!vocab_name_is("_locked", R_CALLER_HOLDS));
	CHECK(vocab_name_is("raw_read_seqcount_begin", R_SEQ_READ));
	CHECK(vocab_name_is("kmem_cache_alloc", R_ALLOCATES));
	CHECK(!vocab_name_is("kmem_cache_alloc", R_SEQ_READ));
	/* the dialect table: each file's rows are its dialect's */
	CHECK(D_COUNT == 7);
	/* CK and DPDK: fixed classes; PRIM_GLOB rows cover type suffixes */
	CHECK(vocab_lookup("ck_pr_load_ptr", VOCAB_NO_HEADER)->cls == OC_MLOAD);
	CHECK(vocab_lookup("ck_pr_md_store_64", VOCAB_NO_HEADER)->kind ==
	      K_STORE);
	CHECK(vocab_lookup("ck_pr_fas_uint", VOCAB_NO_HEADER)->cls ==
	      OC_RMW_RLX);
	CHECK(vocab_lookup("ck_pr_dec_uint_zero", VOCAB_NO_HEADER)->flags &
	      F_RET);
	CHECK(!(vocab_lookup("ck_pr_inc_int", VOCAB_NO_HEADER)->flags & F_RET));
	CHECK(!strcmp(
		vocab_lookup("ck_pr_cas_ptr_2_value", VOCAB_NO_HEADER)->name,
		"ck_pr_cas_ptr_2_value"));
	CHECK(vocab_lookup("ck_spinlock_fas_unlock", VOCAB_NO_HEADER)->kind ==
	      K_UNLOCK);
	CHECK(vocab_lookup("ck_spinlock_lock", VOCAB_NO_HEADER)->kind ==
	      K_LOCK);
	CHECK(vocab_lookup("ck_pr_fence_store", VOCAB_NO_HEADER)->dialect ==
	      D_CK);
	CHECK(vocab_lookup("ck_pr_fence_store", VOCAB_NO_HEADER)->model ==
	      M_LKMM);
	CHECK(!vocab_lookup("ck_pr_stall", VOCAB_NO_HEADER));
	CHECK(vocab_lookup("rte_smp_rmb", VOCAB_NO_HEADER)->cls == OC_FENCE_R);
	CHECK(vocab_lookup("rte_atomic32_inc", VOCAB_NO_HEADER)->cls ==
	      OC_RMW_FULL);
	CHECK(vocab_lookup("rte_atomic64_add_return", VOCAB_NO_HEADER)->flags &
	      F_RET);
	CHECK(vocab_lookup("rte_smp_mb", VOCAB_NO_HEADER)->model == M_LKMM);
	CHECK(vocab_lookup("rte_atomic_thread_fence", VOCAB_NO_HEADER)->model ==
	      M_C11);
	CHECK(vocab_lookup("rte_ring_mp_enqueue_bulk", VOCAB_NO_HEADER)->cls ==
	      OC_REL_STORE);
	CHECK(vocab_lookup("rte_spinlock_unlock", VOCAB_NO_HEADER)->kind ==
	      K_UNLOCK);
	CHECK(!vocab_lookup("rte_atomic32_t", VOCAB_NO_HEADER));
	CHECK(vocab_lookup("ck_pr_load_ptr", VOCAB_NO_HEADER)->model == M_LKMM);
	CHECK(vocab_lookup("rte_wait_until_equal_32", VOCAB_NO_HEADER)->model ==
	      M_C11);
	CHECK(vocab_dialect_by_name("ck") == D_CK);
	CHECK(vocab_dialect_by_name("dpdk") == D_DPDK);
	CHECK(vocab_dialect_model(D_DPDK) == M_LKMM);
	CHECK(vocab_lookup("rcu_dereference", D_URCU)->dialect == D_URCU);
	CHECK(vocab_lookup("rcu_dereference", VOCAB_NO_HEADER)->dialect ==
	      D_LINUX);
	CHECK(vocab_lookup("uatomic_inc", VOCAB_NO_HEADER)->model == M_LKMM);
	CHECK(vocab_lookup("__sync_fetch_and_add", VOCAB_NO_HEADER)->model ==
	      M_C11);
	CHECK(vocab_lookup("atomic_load_explicit", D_C11)->model == M_C11);
	CHECK(vocab_header_dialect("/usr/include/x86_64-linux-gnu/urcu/"
				   "system.h") == D_URCU);
	CHECK(vocab_dialect_by_name("urcu") == D_URCU);
	CHECK(vocab_dialect_by_name("nosuch") == -1);
	CHECK(vocab_dialect_by_name("qemu") == D_QEMU);
	CHECK(vocab_lookup("qatomic_inc", VOCAB_NO_HEADER)->cls == OC_RMW_SC);
	CHECK(vocab_lookup("smp_mb", D_QEMU)->dialect == D_QEMU);
	CHECK(vocab_header_dialect("/src/qemu/include/qemu/atomic.h") ==
	      D_QEMU);
	CHECK(vocab_lookup("__atomic_load_n", VOCAB_NO_HEADER)->dialect ==
	      D_GNU);
	CHECK(vocab_lookup("__sync_fetch_and_add", VOCAB_NO_HEADER)->dialect ==
	      D_GNU);
	CHECK(vocab_lookup("atomic_long_inc_return_relaxed", VOCAB_NO_HEADER)
		      ->dialect == D_LINUX);
	CHECK(vocab_scoped_header("/usr/lib/clang/14/include/stdatomic.h"));
	CHECK(!vocab_scoped_header("include/linux/atomic.h"));
	/* one dialect names a primitive once: the lookup does not choose */
	for (i = 1; i < vocab_count(); i++)
		CHECK(strcmp(vocab_at(i - 1)->name, vocab_at(i)->name) ||
		      vocab_at(i - 1)->dialect != vocab_at(i)->dialect);
}

static void test_orders(void)
{
	CHECK(vocab_class_for_order(K_LOAD, MO_ACQUIRE) == OC_ACQ_LOAD);
	CHECK(vocab_class_for_order(K_LOAD, MO_CONSUME) == OC_DEP_LOAD);
	CHECK(vocab_class_for_order(K_STORE, MO_RELEASE) == OC_REL_STORE);
	CHECK(vocab_class_for_order(K_RMW, MO_SEQ_CST) == OC_RMW_SC);
	CHECK(vocab_class_for_order(K_FENCE, MO_RELAXED) == OC_NONE);
	CHECK(vocab_class_for_order(K_FENCE, MO_SEQ_CST) == OC_FENCE_FULL);
	/* an acquire fence is not trusted as a compiler barrier */
	CHECK(!(vocab_fence_mask(OC_FENCE_ACQ, 0) & VO_COMPILER));
	CHECK(vocab_fence_mask(OC_FENCE_W, 0) ==
	      (vocab_fence_mask(OC_FENCE_W, 0) &
	       vocab_fence_mask(OC_FENCE_FULL, 0)));
	CHECK(vocab_fence_mask(OC_FENCE_FULL, F_MANDATORY) & VO_MMIO);
}

static void test_wire_format(void)
{
	struct diag_list a = { 0 }, b = { 0 };
	struct oc_diag *d;
	struct oc_fix f = { "x.c", 1, 2, 1, 9, 1, 8, "a\tb\\c\nd" };
	char *buf = NULL, *line, *save;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	d = diag_add(&a, "mb-after-atomic", SEV_WARNING, "dir/x.c", 3, 4, "fn",
		     "smp_mb()\tafter\n'atomic_inc()' \\ here");
	diag_add_note(d, "x.h", 5, 6, "note\there");
	diag_add_fix(d, &f);
	d->fix_safe = true;
	diag_add(&a, NULL, SEV_ERROR, "y.c", 0, 0, "", "does not parse");
	diag_write_records(m, &a);
	fclose(m);
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		CHECK(diag_read_record(&b, line) == 0);
	CHECK(b.n == 2);
	if (b.n == 2) {
		CHECK(!strcmp(b.v[0].message, a.v[0].message));
		CHECK(!strcmp(b.v[0].rule, "mb-after-atomic"));
		CHECK(b.v[0].nnotes == 1 &&
		      !strcmp(b.v[0].notes[0].message, "note\there"));
		CHECK(b.v[0].nfixes == 1 &&
		      !strcmp(b.v[0].fixes[0].replacement, f.replacement));
		CHECK(b.v[0].fix_safe && b.v[0].line == 3 && b.v[0].col == 4);
		CHECK(!b.v[1].rule && b.v[1].sev == SEV_ERROR);
	}
	line = xstrdup("Zgarbage");
	CHECK(diag_read_record(&b, line) == -1);
	free(line);
	free(buf);
	diag_list_free(&a);
	diag_list_free(&b);
}

static void test_paths(void)
{
	/* the base is the caller's, not the current directory */
	static const char *const cases[][3] = {
		{ "/work", "a/./b/../c.c", "a/c.c" },
		{ "/work", "/nonexistent/x/../y.c", "/nonexistent/y.c" },
		{ "/work/tree", "/work/tree/kernel/../mm/slab.c", "mm/slab.c" },
		{ "/work/tree", "/work/treetop/x.c", "/work/treetop/x.c" },
		{ "/", "/a/b.c", "/a/b.c" },
	};
	unsigned i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *p = path_display(cases[i][0], cases[i][1]);

		if (strcmp(p, cases[i][2]))
			fprintf(stderr, "path_display(%s, %s): %s\n",
				cases[i][0], cases[i][1], p);
		CHECK(!strcmp(p, cases[i][2]));
		free(p);
	}
}

/* The lines of @path (a fuzz/corpus/diffread seed) a diff adds, under /r. */
static struct changed_lines *diff_seed(const char *name, int *rc)
{
	char *path = xasprintf("%s/fuzz/corpus/diffread/%s",
			       ORDERCHECK_SOURCE_DIR, name);
	struct changed_lines *c = changed_lines_new("/r");
	FILE *devnull = fopen("/dev/null", "w");
	size_t len = 0;
	char *text = read_file(path, &len);

	CHECK(text && devnull);
	*rc = text && devnull ? changed_lines_read(c, text, len, devnull) : -1;
	if (devnull)
		fclose(devnull);
	free(text);
	free(path);
	return c;
}

/* Each changed line of @file in 1..40, as " 2 3". */
static char *changed_list(const struct changed_lines *c, const char *file)
{
	struct strbuf b = { 0 };
	unsigned line;

	sb_puts(&b, "");
	for (line = 1; line <= 40; line++)
		if (changed_lines_has(c, file, line))
			sb_printf(&b, " %u", line);
	return sb_detach(&b);
}

static void check_lines(const struct changed_lines *c, const char *file,
			const char *want)
{
	char *got = changed_list(c, file);

	CHECK_STR(got, want);
	free(got);
}

/*
 * --changed-since's reader of git diff on real diffs: names git quotes or
 * pads, an added "++ b" that reads "+++ b", a rename, a deletion, a mode
 * change, a file git takes for binary, lines without a newline.
 */
static void test_diffread(void)
{
	static const char *const mixed[][2] = {
		{ "/r/b.bin", " 1" },	     { "/r/moved.c", " 21" },
		{ "/r/new\ttab.c", " 1 2" }, { "/r/nonl.c", " 1 2" },
		{ "/r/sp ace.c", " 2 3" },   { "/r/ta\"b.c", " 2" },
		{ "/r/\xc3\xbc.c", " 3" },   { "/r/del.c", "" },
		{ "/r/mode.c", "" },
	};
	static const char cut[] = "1\t0\ta.c\0\0diff --git a/a.c b/a.c\n"
				  "--- a/a.c\n+++ b/a.c\n@@ -1,0 +2,2 @@\n+x\n";
	static const char unlisted[] =
		"1\t0\ta.c\0\0diff --git a/b.c b/b.c\n"
		"--- a/b.c\n+++ b/b.c\n@@ -1,0 +2 @@\n+x\n";
	struct changed_lines *c;
	FILE *devnull = fopen("/dev/null", "w");
	unsigned i;
	int rc;

	c = diff_seed("mixed", &rc);
	CHECK(rc == 0);
	for (i = 0; i < sizeof(mixed) / sizeof(mixed[0]); i++)
		check_lines(c, mixed[i][0], mixed[i][1]);
	changed_lines_free(c);
	c = diff_seed("names", &rc);
	CHECK(rc == 0);
	check_lines(c, "/r/sp ace.c", " 2 3");
	changed_lines_free(c);
	/* a pure deletion marks the line before it */
	c = diff_seed("pure-deletion", &rc);
	CHECK(rc == 0);
	check_lines(c, "/r/moved.c", " 1");
	changed_lines_free(c);
	/* what the reader cannot follow is an error, not fewer lines */
	c = changed_lines_new("/r");
	CHECK(changed_lines_read(c, cut, sizeof(cut) - 1, devnull) == -1);
	changed_lines_free(c);
	c = changed_lines_new("/r");
	CHECK(changed_lines_read(c, unlisted, sizeof(unlisted) - 1, devnull) ==
	      -1);
	changed_lines_free(c);
	fclose(devnull);
}

int main(void)
{
	test_classes();
	test_roles();
	test_orders();
	test_wire_format();
	test_paths();
	test_diffread();
	if (failures)
		fprintf(stderr, "%d unit test failures\n", failures);
	else
		printf("unit tests: ok\n");
	return failures ? 1 : 0;
}
