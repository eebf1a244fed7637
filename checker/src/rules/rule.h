/* SPDX-License-Identifier: GPL-2.0 */
/* What a rule is, and the calls a rule makes to report; rules see events only. */
#ifndef ORDERCHECK_RULE_H
#define ORDERCHECK_RULE_H

#include "../diag.h"
#include "../events/events.h"

enum fix_safety {
	FIX_NONE, /* the message explains the fix */
	FIX_SAFE, /* mechanical and ordering-preserving: --fix applies it */
};

struct rule_ctx;
struct rule;

typedef void (*rule_check_fn)(struct rule_ctx *ctx, const struct rule *self,
			      const struct function_ir *fn);

struct rule {
	const char *id;
	enum oc_severity sev;
	enum fix_safety fix;
	rule_check_fn check;
	const char *summary; /* one line for --list-rules and SARIF */
};

struct rule_family {
	const char *name;
	const struct rule *rules;
	unsigned nrules;
};

/* Report a finding at @at; the message is printf-like, in clang's style. */
struct oc_diag *rule_report(struct rule_ctx *ctx, const struct rule *self,
			    const struct function_ir *fn, const struct event *at,
			    const char *fmt, ...)
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
	const char *how; /* "rcu_assign_pointer()", "WRITE_ONCE() after smp_wmb()" */
};
const struct publisher *rule_tu_publisher(struct rule_ctx *ctx,
					  const char *key);

/* A function of this TU that orders a store to @first before one to @then. */
struct writer_order {
	const char *first, *then;
	const struct event *how; /* the fence, or the release store */
	const char *function;
};
const struct writer_order *rule_tu_writer_order(struct rule_ctx *ctx,
						const char *first,
						const char *then);

/* Replace the text of @ev's invocation with @text. */
void rule_fix_replace(struct rule_ctx *ctx, struct oc_diag *d,
		      const struct event *ev, const char *text);
/* Remove @ev's statement, with its ';' and, if alone, its line. */
void rule_fix_remove_stmt(struct rule_ctx *ctx, struct oc_diag *d,
			  const struct event *ev);

#endif
