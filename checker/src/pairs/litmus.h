/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Litmus tests for pairing findings, in the syntax herd7 reads: the LKMM
 * form (tools/memory-model) for kernel code, the C11 form for _Atomic
 * code; and running herd7 on them where it is installed. A sink after the
 * pairing pass: the tree rules leave what each test needs beside their
 * findings (struct litmus_finding), litmus_emit() writes and runs them.
 */
#ifndef ORDERCHECK_PAIRS_LITMUS_H
#define ORDERCHECK_PAIRS_LITMUS_H

#include "../diag.h"
#include "facts.h"
#include "order.h"
#include "pairing.h"

struct litmus_opts {
	const char *dir; /* --emit-litmus: one test per finding, or NULL */
	bool herd; /* --herd: run herd7 on each test, note its verdict */
	const char *herd_dir; /* where linux-kernel.cfg is, or NULL */
};

/* One process: two accesses of a function and what orders them. */
struct litmus_side {
	const struct fact_fn *fn;
	unsigned i, j;
	struct ordering o;
};

/* A pairing finding, and what its litmus test needs. */
struct litmus_finding {
	unsigned diag; /* the finding's index in its diag_list */
	const char *rule;
	enum shape shape; /* not SHAPE_BARRIER */
	struct litmus_side p0, p1;
	/*
	 * The kinds (verdicts.def) of P0 and P1 and those of the fix that
	 * herd7's table forbids the outcome with; NULL where the finding has
	 * none (unordered-flag's)
	 */
	const char *kind[2], *fix[2];
};

struct litmus_findings {
	struct litmus_finding *v;
	unsigned n, cap;
};

void litmus_findings_add(struct litmus_findings *l,
			 const struct litmus_finding *f);
void litmus_findings_free(struct litmus_findings *l);

/*
 * --emit-litmus, --herd: write each finding's test into @o->dir, numbered
 * in the order of @l, run herd7 on it if asked, and note both on the
 * finding in @diags. Nothing without @o->dir.
 */
void litmus_emit(const struct litmus_findings *l, const struct litmus_opts *o,
		 struct diag_list *diags);

/*
 * Write the test of @shape (not SHAPE_BARRIER) for sides @p0 and @p1 into @dir as
 * "<n>-<rule>.litmus"; returns its path (malloc), or NULL with the
 * reason on stderr.
 */
char *litmus_write(const char *dir, unsigned n, const char *rule,
		   enum shape shape, const struct litmus_side *p0,
		   const struct litmus_side *p1);

/*
 * The test of the fix: as litmus_write(), with each side made of kind
 * @fix0 and @fix1 (verdicts.def's words; a side whose kind is @kind0 or
 * @kind1 as it is), into "<n>-<rule>-fix.litmus".
 */
char *litmus_write_fix(const char *dir, unsigned n, const char *rule,
		       enum shape shape, const struct litmus_side *p0,
		       const struct litmus_side *p1, const char *const kind[2],
		       const char *const fix[2]);

/*
 * herd7's verdict on the test at @path ("Sometimes", "Never", "Always"),
 * or NULL with *@why saying why not (malloc): herd7 not on PATH, a file
 * of the model missing from @herd_dir (named with the path looked at),
 * or herd7 said something else.
 */
char *litmus_herd(const char *path, const char *herd_dir, bool c11, char **why);

/*
 * "struct foo.bar" -> "foo.bar", "global:x@f.c" -> "x": as users say it,
 * in every rule's messages; NULL -> "?".
 */
const char *litmus_key_text(const char *key, char *buf, unsigned n);

#endif
