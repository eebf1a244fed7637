/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pairing engine: the candidates for two-sided ordering bugs over the
 * facts of a whole tree (the shapes of docs/ordering-semantics.md, "4.
 * Pairing rules and litmus vocabulary", and write or read barriers with what
 * could pair with them). It names no rule and includes nothing of
 * ../rules/: the tree rules there judge each candidate.
 */
#ifndef ORDERCHECK_PAIRS_PAIRING_H
#define ORDERCHECK_PAIRS_PAIRING_H

#include <stdbool.h>

#include "facts.h"
#include "named.h"
#include "order.h"

enum shape {
#define SHAPE(id, name, verdicts, litmus, threads, symmetric, bare, mb, \
	      message, acquire_fix)                                     \
	SHAPE_##id,
#include "shapes.def"
#undef SHAPE
};

struct fence_neighbour;

/* What shapes.def says of a shape. */
struct shape_row {
	const char *name, *verdicts, *litmus;
	bool threads, symmetric;
	/* what a finding on it says (rules/pairs.c, report_shape()) */
	const char *bare, *mb, *message, *acquire_fix;
};

/* The row of @s. */
const struct shape_row *pairing_shape(enum shape s);

/* What a side's two accesses are, in order. */
enum pair_role {
	ROLE_WW, /* writer of MP and S */
	ROLE_RR, /* reader of MP */
	ROLE_RW, /* reader of S, a side of LB */
	ROLE_WR, /* a side of SB */
	/*
	 * A writer whose first store is marked and whose second is not:
	 * W flag; smp_wmb(); data = v. No side of MP or S (their flag is
	 * the second store), only of SAME_WAY.
	 */
	ROLE_WW_LEAD,
};

/* One side of a shape: two accesses of one function, and their order. */
struct pair_side {
	enum pair_role role;
	const char *k1, *k2; /* keys of the first and second access */
	unsigned r1, r2; /* their ranks in strcmp() order (pairing.c) */
	unsigned fn, i, j; /* set->fns[fn].v[i] before .v[j] */
	struct ordering o;
	/* fields of one struct: in one object or two (objects.h) */
	unsigned char objects;
	/*
	 * The side stores a field of the object it publishes at the other
	 * location: ROLE_WW's first store is to the object its second writes
	 * (n->next = first; cmpxchg(&s->head, first, n)), ROLE_RW's store to
	 * the one its RMW wrote (xchg(&s->head, n); n->next = old).
	 */
	bool own;
};

/*
 * A write (read) barrier, and what the tree has that could pair with it.
 * With a "pairs with" comment, only @named is looked at: the functions
 * the comment names; without one, the accesses it orders are.
 */
struct pair_barrier {
	unsigned fn, at; /* the fence: set->fns[fn].v[at] */
	bool commented; /* it has a "pairs with" comment */
	const char *named[8]; /* the functions the comment names */
	unsigned nnamed;
	bool named_defined; /* one of them is defined in the tree */
	/* the nearest pair of stores (loads) it orders, and how many */
	const struct fact *before, *after;
	unsigned npairs;
	/* another function accesses a pair in the other order */
	bool partnered;
	/* another function reads (writes) the flag at all */
	bool flag_shared;
	char buf[512]; /* the storage of named[] */
};

/*
 * A candidate: for MP, S and SAME_WAY, @a is the writer and @b the
 * reader; for R, @a is the side of two stores, @b the store then load;
 * for SB, LB and 2+2W, @a is the side a finding is reported on and @b
 * the other (both ways round are candidates). R and 2+2W sides mark all
 * their accesses. The two come from different functions, each side's ordering
 * is known (no call or lock between its accesses hides it), and they may
 * pair (a hub type's fields join only within one directory). The flag (MP
 * and S: the writer's second access, the reader's first) is marked on
 * both sides, or plain on one side that holds no lock there while the
 * other side, marked, orders its accesses (pairing_plain_flag()), or plain
 * on both where one side orders its accesses with a fence; SAME_WAY
 * and LB sides have no plain flag. For SHAPE_BARRIER, @barrier.
 */
struct pair_candidate {
	enum shape shape;
	const struct fact_set *set;
	const struct pair_side *a, *b;
	const struct pair_barrier *barrier;
	const struct plain_read *read; /* SHAPE_PLAIN_READ (lockless.h) */
	size_t group, cap; /* SHAPE_CAPPED */
	const struct named_partner *named; /* SHAPE_NAMED, at @barrier */
	/* SHAPE_NEIGHBOUR: a fence beside a call (neighbours.h) */
	const struct fence_neighbour *neighbour;
};

/*
 * Call @fn on every candidate in @set: the two-sided shapes first, sorted
 * by location keys, then the barriers in the order of the set. Past
 * @deadline (CLOCK_MONOTONIC seconds; 0: none) it stops and returns true:
 * the candidates so far are all there is.
 */
bool pairing_find(const struct fact_set *set,
		  void (*fn)(const struct pair_candidate *c, void *arg),
		  void *arg, double deadline);

/*
 * Told of every candidate the engine drops: @reason says why ("both sides
 * hold a common lock"), @detail what (the lock), for --explain.
 */
typedef void (*pairing_why_fn)(const struct pair_candidate *c,
			       const char *reason, const char *detail,
			       void *arg);

/* pairing_find(), telling @why of each candidate dropped. */
bool pairing_find_why(const struct fact_set *set,
		      void (*fn)(const struct pair_candidate *c, void *arg),
		      pairing_why_fn why, void *arg, double deadline);

/*
 * A key two functions may pair on: shared, and not a field of a type
 * every subsystem uses for its own objects (list_head, rb_node, ...).
 */
bool pairing_joinable(const char *key);

/* A side's function and its first and second access. */
static inline const struct fact_fn *pairing_fn(const struct fact_set *set,
					       const struct pair_side *e)
{
	return &set->fns[e->fn];
}

static inline const struct fact *pairing_first(const struct fact_set *set,
					       const struct pair_side *e)
{
	return &set->fns[e->fn].v[e->i];
}

static inline const struct fact *pairing_second(const struct fact_set *set,
						const struct pair_side *e)
{
	return &set->fns[e->fn].v[e->j];
}

/*
 * The flag access of an MP or S side when it is plain (the writer's
 * second store, the reader's first load), else NULL.
 */
static inline const struct fact *pairing_plain_flag(const struct fact_set *set,
						    const struct pair_side *e)
{
	const struct fact *f = e->role == ROLE_WW ? pairing_second(set, e) :
						    pairing_first(set, e);

	return (f->flags & FA_MARKED) ? NULL : f;
}

#endif
