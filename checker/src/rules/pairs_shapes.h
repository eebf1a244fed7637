/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pairing family's shape rules (issue 12): their check functions,
 * whose rows are in pairs.c's table, and what the older rules of the
 * family ask of them so that a candidate is reported once, by the most
 * specific rule.
 */
#ifndef ORDERCHECK_RULES_PAIRS_SHAPES_H
#define ORDERCHECK_RULES_PAIRS_SHAPES_H

#include <stdbool.h>
#include <stddef.h>

#include "../pairs/pairing.h"
#include "rule.h"

/* pairs.c: a side that shows it means to order (see there). */
bool pairs_intends(const struct pair_candidate *c, const struct pair_side *e);
/* @e's own fence that orders its accesses where a call came first, or NULL */
const struct fact *pairs_own_fence(const struct pair_candidate *c,
				   const struct pair_side *e);
/* pairs.c: "smp_wmb()", "an acquire (smp_load_acquire())", ... */
const char *pairs_side_how(const struct pair_candidate *c,
			   const struct pair_side *e, char *buf, size_t n);
/* pairs.c: the writer allocated the object before its stores. */
bool pairs_initialising(const struct pair_candidate *c,
			const struct pair_side *w);
/* pairs.c: the notes that show one side's two accesses and its order. */
/* pairs.c: whether side @e's @k-th access (0 or 1) reads, by its role. */
bool pairs_side_reads(const struct pair_side *e, unsigned k);
void pairs_note_side(const struct pair_candidate *c, struct oc_diag *d,
		     const struct pair_side *e, const char *verb1,
		     const char *verb2);

/* pairs_verdict.c */
#include "../vocab/verdicts.h"

/*
 * What herd7's table says of an MP, S, SB or LB candidate and, where it
 * allows the outcome and a side shows intent, who is to blame and how to
 * fix it (see pairs_verdict.c).
 */
struct pair_judgement {
	enum verdict v; /* VERDICT_UNKNOWN: a side has no kind of the table */
	bool c11; /* RC11, else LKMM */
	const char *model, *shape; /* "LKMM", "MP": the table's words */
	const char *kind[2]; /* of c->a and c->b */
	const char *test; /* the table's test of the outcome */
	/* set where a finding is due: */
	const char *rule; /* the rule that says it */
	const struct pair_side *at; /* the side blamed (c->a or c->b) */
	bool weak; /* intent only from dependencies and such: a remark */
	const char *fix[2]; /* the kinds after the fix (one may be as is) */
	const char *fix_test; /* the table's test of the fix: forbidden */
};

const struct pair_judgement *pairs_judge(const struct pair_candidate *c);
/* The table's kind of how @e orders its accesses, or NULL. */
const char *pairs_side_kind(const struct pair_candidate *c,
			    const struct pair_side *e, bool c11);
/* Every access of both sides is C11 (or GNU) atomic. */
bool pairs_c11(const struct pair_candidate *c);
/* "smp_store_release() for 'x'": how to write @kind on side @e. */
const char *pairs_fix_text(const struct pair_candidate *c,
			   const struct pair_side *e, const char *kind,
			   char *buf, size_t n);

/* pairs_misplaced.c */
void check_misplaced_barrier(struct rule_tree_ctx *ctx, const struct rule *self,
			     const struct pair_candidate *c);
/*
 * The fence of @e's function that would order @e's two accesses if it
 * stood between them, standing next to them where it orders nothing:
 * misplaced-barrier's finding. NULL if there is none.
 */
const struct fact *misplaced_fence(const struct pair_candidate *c,
				   const struct pair_side *e);
/*
 * misplaced-barrier's claims (struct rule): while it is on, side @e of an
 * MP, S or SB candidate with a misplaced_fence(), which
 * pair-missing-acquire, pair-missing-release and sb-needs-full-barrier
 * yield to it; a BARRIER candidate's fence it reported, which
 * pair-unpaired-barrier yields.
 */
bool misplaced_barrier_claims(struct rule_tree_ctx *ctx,
			      const struct rule *self,
			      const struct pair_candidate *c,
			      const struct pair_side *e);

/* pairs_unordered.c */
void check_unordered_flag(struct rule_tree_ctx *ctx, const struct rule *self,
			  const struct pair_candidate *c);
/*
 * unordered-flag's claims: a candidate it would report (before its
 * once-per-pair check), which pair-missing-acquire and
 * pair-missing-release yield to it.
 */
bool unordered_flag_takes(struct rule_tree_ctx *ctx, const struct rule *self,
			  const struct pair_candidate *c,
			  const struct pair_side *e);

/* pairs_publish.c */
/*
 * MP whose reader is ordered by an address dependency (rcu_dereference(),
 * READ_ONCE() then a dereference) and whose writer stores the pointer
 * with WRITE_ONCE() after storing the field, with nothing ordering the
 * two and no release of the object after them: the reader trusts a
 * publication that does not order.
 */
bool dependency_reader_trusts(const struct pair_candidate *c);

#endif
