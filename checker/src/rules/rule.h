/* SPDX-License-Identifier: GPL-2.0 */
/* What a rule is, and the calls it makes; rules see events or facts only. */
#ifndef ORDERCHECK_RULE_H
#define ORDERCHECK_RULE_H

#include "../diag.h"
#include "../events/events.h"

enum fix_safety {
	FIX_NONE, /* the message explains the fix */
	FIX_SAFE, /* mechanical and ordering-preserving: --fix applies it */
};

/*
 * Where a rule looks. A function rule sees one function's events while
 * its translation unit is checked (context.c); a tree rule sees each
 * candidate that the pairing engine (../pairs/pairing.h) finds in the
 * facts of the whole tree, after every file is checked (tree_context.c).
 */
enum rule_scope {
	RULE_FUNCTION,
	RULE_TREE,
};

enum {
	/*
	 * Off unless asked for (-W<id>, or --verify for the testcases): on
	 * Linux 6.1 every finding of the R and 2+2W rules was a false
	 * remark (tools/verdicts/README.md), so a default run stays quiet.
	 */
	RULE_OPT_IN = 1u << 0,
	/*
	 * The rule's warnings run by default, its remarks (the findings it
	 * grades down to weak intent) only when asked for (-W<id>, or
	 * --verify): a blind reading of Linux 6.1 found under half of such
	 * remarks right (rules/FINDINGS-linux-6.1.md, "Precision").
	 */
	RULE_REMARKS_OPT_IN = 1u << 1,
};

struct rule_ctx;
struct rule_tree_ctx;
struct rule;
struct pair_candidate;
struct fact;

typedef void (*rule_function_fn)(struct rule_ctx *ctx, const struct rule *self,
				 const struct function_ir *fn);
typedef void (*rule_tree_fn)(struct rule_tree_ctx *ctx, const struct rule *self,
			     const struct pair_candidate *c);
struct pair_side;
/*
 * @self takes side @e of candidate @c (the side a yielding rule would
 * blame; NULL for a candidate without sides) from the rules that yield
 * to it: a tree rule that would report it, a function rule that did.
 */
typedef bool (*rule_claims_fn)(struct rule_tree_ctx *ctx,
			       const struct rule *self,
			       const struct pair_candidate *c,
			       const struct pair_side *e);

struct rule {
	const char *id;
	enum oc_severity sev;
	enum fix_safety fix;
	enum rule_scope scope;
	rule_function_fn check_function; /* RULE_FUNCTION, else NULL */
	rule_tree_fn check_tree; /* RULE_TREE, else NULL */
	unsigned flags; /* RULE_OPT_IN, RULE_REMARKS_OPT_IN */
	/*
	 * Precedence, declared on the row of the rule that yields: the ids,
	 * space-separated, of the rules that this one leaves a candidate to
	 * where they claim it (rule_yields()), or NULL. A more specific
	 * rule, or a function rule that says it in one function's terms.
	 */
	const char *yields_to;
	rule_claims_fn claims; /* what it takes from those, or NULL */
	const char *summary; /* one line for --list-rules and SARIF */
};

/*
 * A descriptor's scope, check function, flags and precedence, written
 * together so that the compiler holds the function to its scope's
 * signature:
 *	{ "mb-after-atomic", SEV_WARNING, FIX_SAFE,
 *	  ON_FUNCTION(check_mb_after_atomic), "summary" },
 *	{ "sb-needs-full-barrier", SEV_WARNING, FIX_NONE,
 *	  ON_TREE_YIELDS(check_x, 0, "misplaced-barrier"), "summary" },
 */
#define ON_FUNCTION(fn) RULE_FUNCTION, (fn), NULL, 0, NULL, NULL
#define ON_FUNCTION_FLAGS(fn, flags) \
	RULE_FUNCTION, (fn), NULL, (flags), NULL, NULL
#define ON_FUNCTION_CLAIMS(fn, claims) \
	RULE_FUNCTION, (fn), NULL, 0, NULL, (claims)
/*
 * A function rule that also judges the tree's candidates under its id,
 * for what one TU cannot see (a callee in another file).
 */
#define ON_FUNCTION_AND_TREE(fn, tree_fn) \
	RULE_FUNCTION, (fn), (tree_fn), 0, NULL, NULL
#define ON_TREE(fn) RULE_TREE, NULL, (fn), 0, NULL, NULL
#define ON_TREE_FLAGS(fn, flags) RULE_TREE, NULL, (fn), (flags), NULL, NULL
#define ON_TREE_YIELDS(fn, flags, ids) \
	RULE_TREE, NULL, (fn), (flags), (ids), NULL
#define ON_TREE_CLAIMS(fn, claims) RULE_TREE, NULL, (fn), 0, NULL, (claims)

struct rule_family {
	const char *name;
	const struct rule *rules;
	unsigned nrules;
};

/* ---- function rules: one translation unit's events (context.c) ---- */

/* Report a finding at @at; the message is printf-like, in clang's style. */
struct oc_diag *rule_report(struct rule_ctx *ctx, const struct rule *self,
			    const struct function_ir *fn,
			    const struct event *at, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void rule_note(struct oc_diag *d, const struct event *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void rule_note_span(struct oc_diag *d, const struct src_span *at,
		    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* @e's source text as written ("p->next->a"), or NULL. */
const char *rule_source_text(struct rule_ctx *ctx, const struct event *e,
			     char *buf, size_t n);

/*
 * A comment on @at's line or the @above lines before it contains one of
 * @words (case-insensitive): "Pairs with ...", as the kernel writes them.
 */
bool rule_comment_mentions(struct rule_ctx *ctx, const struct event *at,
			   unsigned above, const char *const *words,
			   unsigned nwords);

/* Replace the text of @ev's invocation with @text. */
void rule_fix_replace(struct rule_ctx *ctx, struct oc_diag *d,
		      const struct event *ev, const char *text);
/* Remove @ev's statement, with its ';' and, if alone, its line. */
void rule_fix_remove_stmt(struct rule_ctx *ctx, struct oc_diag *d,
			  const struct event *ev);

/* ---- function rules: what the whole TU says (tu_summary.c) ---- */

/*
 * What the whole translation unit says about a location key
 * ("struct foo.bar", "global:x"): accessed with a marked access somewhere,
 * or with an acquire or release somewhere.
 */
bool rule_tu_marked(struct rule_ctx *ctx, const char *key);
bool rule_tu_acq_rel(struct rule_ctx *ctx, const char *key);
/* Exactly one plain access to @key in this TU, and marked ones besides. */
bool rule_tu_only_plain(struct rule_ctx *ctx, const char *key);

/*
 * The first store in this TU that publishes @key to readers, or NULL:
 * rcu_assign_pointer(), a release store, or a marked store after
 * smp_wmb() (or wmb()) in the same list.
 */
struct publisher {
	const struct event *at; /* the store */
	const struct event *fence; /* the fence before it, or NULL */
	const char *function;
	const char *
		how; /* "rcu_assign_pointer()", "WRITE_ONCE() after smp_wmb()" */
};
const struct publisher *rule_tu_publisher(struct rule_ctx *ctx,
					  const char *key);

/*
 * A function of this TU other than @except (NULL: any) that orders a store
 * to @first before one to @then. A function's own stores are no writer
 * its reads pair with: one function is one thread (the pairing's rule).
 */
struct writer_order {
	const char *first, *then;
	const struct event *how; /* the fence, or the release store */
	const char *function;
};
const struct writer_order *rule_tu_writer_order(struct rule_ctx *ctx,
						const char *first,
						const char *then,
						const char *except);

/* ---- tree rules: the facts of the whole tree (tree_context.c) ---- */

/*
 * The first time @self speaks about function @fn (an index into the fact
 * set) and keys @k1, @k2, and @fn comes from a file being reported: a
 * finding is made once however many candidates show it.
 */
bool rule_tree_first(struct rule_tree_ctx *ctx, const struct rule *self,
		     unsigned fn, const char *k1, const char *k2);

/* Report a finding of @self at @at, in function @fn; printf-like. */
struct oc_diag *rule_tree_report(struct rule_tree_ctx *ctx,
				 const struct rule *self, unsigned fn,
				 const struct fact *at, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void rule_tree_note(struct oc_diag *d, const struct fact *at, const char *fmt,
		    ...) __attribute__((format(printf, 3, 4)));

/*
 * A tree rule reported a finding about the barrier (or access) @at, which
 * a less specific rule that meets it later leaves alone.
 */
void rule_tree_claim(struct rule_tree_ctx *ctx, const struct fact *at);
bool rule_tree_claimed(struct rule_tree_ctx *ctx, const struct fact *at);

/*
 * @self yields side @e of @c (the side it would blame) to a rule of its
 * yields_to that claims it: the one test of precedence between rules.
 */
bool rule_yields(struct rule_tree_ctx *ctx, const struct rule *self,
		 const struct pair_candidate *c, const struct pair_side *e);

/* Function rule @r reported a finding on @at's line. */
bool rule_tree_reported_line(struct rule_tree_ctx *ctx, const struct rule *r,
			     const struct fact *at);

/*
 * The claims of function rules (tree_context.c). A reader rule
 * (ctrl-dep-load-load, addr-dep-plain-load) takes a candidate whose
 * reader's loads it reported: side @e's two reads or the load its
 * second depends on, or a plain read's load. wake-missing-barrier takes
 * the store buffering it reported at a waker's test for sleepers, the
 * second access of @e, which a tree rule would find again with the
 * waiter as the other side.
 */
bool rule_claims_reader(struct rule_tree_ctx *ctx, const struct rule *self,
			const struct pair_candidate *c,
			const struct pair_side *e);
bool rule_claims_waker(struct rule_tree_ctx *ctx, const struct rule *self,
		       const struct pair_candidate *c,
		       const struct pair_side *e);

/*
 * Finding @d is about candidate @c: keep what a litmus test of it needs
 * (the shape, its two sides as P0 and P1) for --emit-litmus and --herd,
 * which run after the pass (../pairs/litmus.h).
 */
void rule_tree_litmus(struct rule_tree_ctx *ctx, const struct oc_diag *d,
		      const struct rule *self, const struct pair_candidate *c);
/* The same, with the kinds of the sides and of the fix (verdicts.def). */
void rule_tree_litmus_kinds(struct rule_tree_ctx *ctx, const struct oc_diag *d,
			    const struct rule *self,
			    const struct pair_candidate *c,
			    const char *const kind[2],
			    const char *const fix[2]);

/*
 * Finding @d is about candidate @c: give it @c's two sides as threads
 * (struct oc_threads) for the sinks that draw them. rule_tree_litmus()
 * does it too.
 */
void rule_tree_threads(struct rule_tree_ctx *ctx, const struct oc_diag *d,
		       const struct pair_candidate *c);

#endif
