/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The per-function ordering events (DESIGN.md "The event IR"): what rules
 * read instead of the AST.
 */
#ifndef ORDERCHECK_EVENTS_H
#define ORDERCHECK_EVENTS_H

#include <stdbool.h>
#include <stdio.h>

#include "../vocab/vocab.h"

enum ev_type {
	EV_ACCESS, /* load, store or RMW of shared memory, plain or marked */
	EV_FENCE, /* barrier of any strength, including compiler barriers */
	EV_MODIFIER, /* smp_mb__before_atomic() and friends */
	EV_LOCK, /* lock acquire or release */
	EV_MARKER, /* rcu_read_lock() and other region markers */
	EV_BRANCH, /* if/switch/?: : legs[0] then, legs[1] else */
	EV_LOOP, /* for/while/do: legs[0] body */
	EV_CALL, /* a call of a function we know nothing about */
	EV_JUMP, /* return, break, continue, goto */
	EV_LABEL, /* a label: control can arrive from elsewhere */
};

/* A source range in file coordinates (where the user wrote it). */
struct src_span {
	const char *file; /* interned display path */
	unsigned line, col, off;
	unsigned end_line, end_col, end_off;
};

struct event;

struct evlist {
	struct event **v;
	unsigned n, cap;
};

#define evlist_for_each(l, i, e) \
	for ((i) = 0; (i) < (l)->n && ((e) = (l)->v[(i)], 1); (i)++)

enum {
	EVF_VOLATILE = 1u << 24, /* marked by shape: a volatile access */
	EVF_ASM = 1u << 25, /* a barrier known only by shape: asm "memory" */
	EVF_IN_COND = 1u << 26, /* evaluated in a branch or loop condition */
	EVF_ATOMIC_TYPE = 1u << 27, /* operator on an _Atomic object */
	EVF_POINTER = 1u << 28, /* the value accessed is a pointer */
	EVF_IN_LOC = 1u << 29, /* computes a primitive's location argument */
	/* the right of && or ||: it runs only when the left lets it */
	EVF_MAYBE = 1u << 30,
};

/* What the computation of an address did to the dependency it carries. */
enum addr_how {
	AH_CANCEL = 1u << 0, /* arithmetic that cancels: p - p, x & 0 */
	AH_REL = 1u << 1, /* a comparison or !, &&, || made it a truth value */
};

/* A branch on p == X or p != X, p a pointer (addr-dep-pointer-compare). */
struct ptr_compare {
	const struct event **lhs, **rhs; /* the loads each side comes from */
	unsigned nlhs, nrhs;
	const char *lhs_text, *rhs_text;
	bool lhs_null, rhs_null; /* a null pointer constant */
	bool rhs_addr, lhs_addr; /* &object, an array or function name */
	unsigned equal_leg; /* 0 for ==, 1 for != */
};

struct event {
	enum ev_type type;
	const struct vocab_entry *prim; /* NULL: plain access or shape */
	const char *name; /* what the user wrote: "smp_mb", "atomic_inc" */
	enum oc_kind kind;
	enum oc_class cls;
	unsigned flags; /* vocab F_* | EVF_* */
	int order, order_fail; /* C11/GNU memory orders, MO_UNKNOWN if none */
	const char
		*key; /* location key (keys.h): "struct foo.bar", "global:x" */
	/*
	 * A field's: the path to the object holding it, "r.cons" for
	 * r->cons.tail (lvalues.c); NULL if not a variable and members.
	 * Two fields of one struct type are of one object or of two told
	 * apart by the path (DPDK's r->prod.head and r->cons.tail).
	 */
	const char *base;
	/*
	 * A store's or RMW's: the path of the value it writes, where that is
	 * a variable and members ("entry" for cmpxchg(&s->head, old, entry)),
	 * else NULL. A function that publishes the object whose fields it
	 * stores (a lockless stack's push) stores its own object's fields.
	 */
	const char *written;
	const char *args; /* text between a macro invocation's parentheses */
	struct src_span span;
	/* span covers a whole macro invocation or call that a fix may edit */
	bool fixable;
	struct evlist legs[2];
	unsigned nlegs;
	struct event *parent; /* the branch or loop holding this event */
	/*
	 * A call of a function defined in this TU (the kernel's static
	 * inline wrappers): its first and last events, seen through nested
	 * calls, or NULL.
	 */
	const struct event *callee_first, *callee_last;
	bool callee_known; /* defined in this TU: the fields above are valid */
	bool callee_rmw; /* it does an atomic RMW somewhere, maybe nested */
	/*
	 * And all of its events, with the names of its parameters: what a
	 * rule that follows an argument into the callee reads
	 * (publish-then-init: init_foo(obj) after obj was published).
	 */
	const struct evlist *callee_body;
	const char *const *callee_params;
	unsigned callee_nparams;
	/*
	 * Branch and loop: the loads the condition's value comes from,
	 * directly or through local variables (q = READ_ONCE(a); if (q)).
	 */
	const struct event **deps;
	unsigned ndeps;
	/* branch: the condition folds to 0 or 1 (fold_reason says why) */
	int folds; /* -1: it does not */
	const char *fold_reason;
	const char *cond_text; /* the condition as written */
	const char *value_text; /* a store's value as written, or NULL */
	/*
	 * A bitop's bit (vocab BIT_ARG rows), in decimal where the compiler
	 * can tell it: set_bit(IPS_CONFIRMED_BIT, &ct->status) and
	 * test_bit(IPS_OFFLOAD_BIT, ...) touch two flags of one word. NULL:
	 * no bitop, or a bit only known at run time
	 */
	const char *bit;
	/*
	 * Access: the loads its address is computed from, directly or
	 * through locals (p in p->f and *p, p and i in p[i], the location
	 * argument of a primitive), and what the computation did to them.
	 */
	const struct event **adeps;
	unsigned nadeps;
	unsigned addr_how; /* AH_* */
	const char *addr_why; /* the operation that did it, as written */
	struct src_span addr_why_span;
	const struct ptr_compare *cmp; /* branch: the pointer comparison */
};

struct function_ir {
	const char *name;
	struct src_span span;
	bool in_header;
	/*
	 * A header function this process already checked for an earlier TU:
	 * built again for its callers here (summaries, callee bodies), not
	 * checked or written to the facts again.
	 */
	bool repeat;
	/* kept between builds by a prefix memo (build.h), freed with it */
	bool borrowed;
	struct evlist body;
};

const char *events_type_name(enum ev_type t);

/* Call @fn on the body and on every leg of every branch and loop. */
typedef void (*events_list_fn)(const struct evlist *l, void *arg);
void events_for_each_list(const struct function_ir *f, events_list_fn fn,
			  void *arg);

/*
 * The event just before or after the i-th of a list, or NULL. Only the
 * loads computing a primitive's location are skipped (EVF_IN_LOC): code
 * that touches no shared memory makes no event, and a call,
 * branch, jump or label between two events is an event of its own.
 */
const struct event *events_prev(const struct evlist *l, unsigned i);
const struct event *events_next(const struct evlist *l, unsigned i);

/*
 * @e, or for a call of a wrapper, the event its body starts (@last false)
 * or ends (@last true) with: set_thread_flag() ends in set_bit().
 */
const struct event *events_through_call(const struct event *e, bool last);

/*
 * A key that names the same object in every function and file ("struct
 * foo.bar", "union u.x", "global:x"), not a parameter or a local:
 * keys_shared() (keys.h, which spells and reads every key).
 */
bool events_shared_key(const char *key);

/* A primitive with one of @roles (R_*, vocab.h): what rules single out. */
bool events_has_role(const struct event *e, unsigned roles);

/* A marked access: a primitive, or volatile or _Atomic by type. */
bool events_is_marked(const struct event *e);

/* A kernel-model atomic read-modify-write (atomic_inc(), uatomic_inc();
 * not __set_bit(), not _local). */
bool events_is_lkmm_rmw(const struct event *e);

/* The list holding @e and its index there; NULL if it is not in @fn. */
const struct evlist *events_list_of(const struct function_ir *fn,
				    const struct event *e, unsigned *idx);

/* Print the IR as --dump-ir shows it. */
void events_dump(FILE *out, const struct function_ir *fn);

#endif
