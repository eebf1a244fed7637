/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Facts: what one translation unit says about shared memory, per function,
 * flat and in program order, in a form that outlives the AST (the facts
 * store keeps it; the pairing pass joins it across the tree).
 */
#ifndef ORDERCHECK_PAIRS_FACTS_H
#define ORDERCHECK_PAIRS_FACTS_H

#include <stdbool.h>

#include "../events/tu.h"
#include "../util.h"

/* What a fact is: one letter, also its letter in the text form. */
enum fact_op {
	FO_LOAD = 'L',
	FO_STORE = 'S',
	FO_RMW = 'M',
	FO_FENCE = 'F', /* fences and smp_mb__{before,after}_atomic() */
	FO_CALL = 'C', /* a call: of a function defined somewhere, or not */
	FO_LOCK = 'K',
	FO_UNLOCK = 'U',
};

enum {
	FA_MARKED = 1u << 24, /* a marked access: a primitive or volatile */
	FA_POINTER = 1u << 25, /* the value is a pointer */
	FA_IN_COND = 1u << 26, /* read by a branch or loop condition */
	FA_C11 = 1u << 27, /* C11 or GNU atomics, not the kernel's */
	FA_KNOWN = 1u << 28, /* call: the callee is defined in its TU */
	FA_RCU = 1u << 29, /* inside rcu_read_lock() */
	/* a waiter's primitive (prepare_to_wait(), set_current_state()): its
	 * fence is for the wait/wake handshake, not for the waiter's data */
	FA_SLEEP = 1u << 30,
	/* a load whose value is decided on later: kept in a local a later
	 * condition tests, or handed to the caller (a return, an out
	 * parameter) */
	FA_DECIDES = 1u << 31,
};

struct fact {
	char op; /* enum fact_op */
	unsigned char cls; /* enum oc_class */
	unsigned flags; /* vocab F_* | FA_* */
	const char *key; /* location key, "" for fences and calls */
	const char *name; /* primitive or callee, "" for a plain access */
	const char *file;
	unsigned line, col;
	int adep; /* the load this access's address comes from, or -1 */
	int cdep; /* the load a condition controlling it reads, or -1 */
	int leg; /* the innermost branch leg holding it, or -1 */
	/*
	 * the load the innermost branch around it tests: it is in a leg of
	 * that branch, or after one of its legs that returns; or -1
	 */
	int guard;
	unsigned locks; /* locks held here, as far as this function shows */
	/* and which: their names (locksets.h), "" for none */
	const char *lockset;
	/* a field's: the path of the object holding it (events.h), or NULL */
	const char *base;
	/* a store's or RMW's: the path of the value it writes (events.h) */
	const char *written;
	const char *pairs; /* fence: the "pairs with" comment beside it */
	const char *bit; /* a bitop's constant bit (events.h), or NULL */
	unsigned char near; /* FN_* */
};

/*
 * What stands directly beside a fence in its block, as the function
 * rules' events_prev() and events_next() see it: a call, whose fact is
 * then the one before (after) the fence's. Nothing between them, no
 * branch, loop, label or jump: on every path through the fence the call
 * runs right before (after) it. Rows stored before this field have none.
 */
enum {
	FN_AFTER_CALL = 1,
	FN_BEFORE_CALL = 2,
	/* any fact: the right of && or ||, which may not run (EVF_MAYBE) */
	FN_MAYBE = 4,
	/* any fact: in a loop (its condition too), which may run no time */
	FN_LOOP = 8,
	/*
	 * any fact: an access the facts leave out (through a pointer
	 * parameter, *sp; a data_race()) runs between it and the fact
	 * before (after) it, or the function's start (end)
	 */
	FN_UNSEEN_BEFORE = 16,
	FN_UNSEEN_AFTER = 32,
};

/* A leg of a branch: facts in two legs of one branch never both run. */
struct fact_leg {
	int parent; /* enclosing leg, or -1 */
	int branch; /* which branch (a number unique in the function) */
	int which; /* 0 then, 1 else, 2.. switch cases */
	/*
	 * it ends in a return: a fact in it never runs before one after its
	 * branch (a callee's, inlined, returns only from the callee: false)
	 */
	bool returns;
};

/*
 * Where a fact of a function with its callees inlined (inline.c) comes
 * from: its own (depth 0) or a callee's, copied to the call site.
 */
struct fact_via {
	unsigned depth; /* 0 its own, 1 a callee's, 2 a callee's callee's */
	unsigned pos; /* the function's own fact it stands at: the call */
	const char *callee; /* the function that holds it (depth > 0) */
	const char *through; /* the function called at @pos (depth > 0) */
	const char *file; /* where it is in @callee */
	unsigned line, col;
};

struct fact_fn {
	const char *name, *file;
	unsigned line;
	bool in_header;
	unsigned tu; /* index of the TU it was read from in its fact_set */
	enum oc_dialect dialect; /* the TU's (facts_write_tu()) */
	struct fact *v;
	unsigned n;
	struct fact_leg *legs;
	unsigned nlegs;
	struct fact_via *via; /* with callees inlined, one per fact; or NULL */
	/*
	 * the single-threaded entry that alone reaches it (a work item's
	 * function), and what that is, or NULL (contexts.h)
	 */
	const char *entry, *entry_kind;
};

struct fact_set {
	struct fact_fn *fns;
	unsigned nfns, cap;
	char **tus; /* TU source files, as the store names them */
	unsigned ntus;
	struct fact_strings *strings; /* every string above, interned */
	/*
	 * With callees inlined (inline.c), every function's v, via and legs
	 * are in these three mapped blocks (mmap()), not each in its own
	 */
	bool inlined;
	void *block[3];
	size_t block_size[3]; /* bytes */
	/*
	 * Functions stored where an indirect call reads them (events'
	 * bindings.h): a call named "*" and a slot calls each function
	 * bound to the slot. Interned.
	 */
	struct fact_binding {
		const char *slot, *fn;
	} * binds;
	unsigned nbinds, capbinds;
};

/* The facts of every function of @ir, in the text form, appended to @out. */
void facts_write_tu(const struct tu_ir *ir, struct strbuf *out);

/*
 * @text (facts_write_tu()'s form) with every file name @f replaced by
 * map(f, arg), malloced: the store keeps absolute names, a run shows them
 * relative to where it was started.
 */
char *facts_map_paths(const char *text,
		      char *(*map)(const char *path, const void *arg),
		      const void *arg);

void facts_set_init(struct fact_set *s);
void facts_set_free(struct fact_set *s);

/*
 * Add the functions of one TU's text form. A header function already in
 * the set (same file, line and name, from another TU) is not added again.
 * Returns 0, or -1 if the text is malformed (what was read stays).
 */
int facts_set_add_text(struct fact_set *s, const char *tu, const char *text);

/*
 * The set's own copy of @str (strings of the set are compared by address),
 * or NULL if none of its functions, files, keys or names is @str.
 */
const char *facts_interned(const struct fact_set *s, const char *str);

/* The set's own copy of @str, added if it has none. */
const char *facts_intern(struct fact_set *s, const char *str);

/*
 * True if two facts of @fn can both run in one call, in their order in
 * fn->v: not in two legs of one branch, nor the first in a leg that
 * returns and the second after it.
 */
bool facts_compatible(const struct fact_fn *fn, const struct fact *a,
		      const struct fact *b);

#endif
