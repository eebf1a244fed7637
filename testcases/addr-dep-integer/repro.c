// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-integer: an address computed from a pointer from
 * rcu_dereference() through integer arithmetic that the compiler can fold:
 * cancelling terms, a mask that is 0, a relational operator.  Once folded,
 * the address is a constant and the load through it no longer depends on
 * the head load: a weakly ordered CPU may satisfy it first
 * (Documentation/RCU/rcu_dereference.rst; ordering-semantics.md section 3,
 * A2-A4).
 *
 * What a run shows: message passing through a pointer,
 *	T0: objs[1].a = 1; rcu_assign_pointer(gp, &objs[1] | TAG);
 *	T1: p = rcu_dereference(gp);
 *	    q = (struct obj *)((uintptr_t)&objs[1] + ((uintptr_t)p - (uintptr_t)p));
 *	    r1 = q->a;
 * and how often T1 saw the new pointer but read the old a (0) through q.
 * The published pointer carries a tag in its low bit.  With -DFIXED the
 * reader clears the tag and casts back at once,
 *	q = (struct obj *)((uintptr_t)p & ~TAG);
 * the integer idiom the document allows, and the address stays p's.
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a load pass an
 * earlier load, so even a load of objs[1].a from its constant address stays
 * after the load of gp, and the outcome cannot appear here.  It needs a
 * weakly ordered CPU (arm64, POWER).  show-codegen.sh, per the tags at the
 * end of this file, prints the reader and two other integer forms (a mask
 * that is 0, a relational operator) as gcc and clang compile them for
 * x86-64 and arm64, and says where each data load's address comes from.
 */
#include <stdint.h>
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

/* the low bit of the published pointer: a flag, as tagged pointers have */
#define OBJ_TAG		((uintptr_t)1)
/* a mask that happens to be 0 in this configuration */
#define OBJ_MASK	((uintptr_t)0)

struct obj {
	int a;
	int b;
} __harness_aligned;			/* one cache line each */

/* objs[0]: what gp points to first; objs[1]: what T0 publishes */
struct obj objs[2] = { { 1, 1 }, { 0, 0 } };
struct obj *gp __harness_aligned;

#define untag(p)	((struct obj *)((uintptr_t)(p) & ~OBJ_TAG))

#ifdef FIXED
#define ADDR_NAME	"q = (struct obj *)((uintptr_t)p & ~TAG)"
#define CANCEL(p)	untag(p)
#define MASKED(p)	untag(p)
#define RELATIONAL(p)	untag(p)
#else
#define ADDR_NAME	"q = (struct obj *)((uintptr_t)&objs[1] + ((uintptr_t)p - (uintptr_t)p))"
/* cancelling arithmetic (A3) */
#define CANCEL(p)							\
	((struct obj *)((uintptr_t)&objs[1] + ((uintptr_t)(p) - (uintptr_t)(p))))
/* an integer that the compiler knows (A2): here a mask that is 0 */
#define MASKED(p)							\
	((struct obj *)((uintptr_t)&objs[1] | ((uintptr_t)(p) & OBJ_MASK)))
/* a relational operator feeding the address (A4) */
#define RELATIONAL(p)	(&objs[0] + (untag(p) > &objs[0]))
#endif

struct mp_state {
	struct obj *rp __harness_aligned;	/* the pointer T1 read */
	int r1 __harness_aligned;		/* a, as T1 read it through q */
};

static struct mp_state st;

enum { PTR_OLD, PTR_NEW_DATA_NEW, PTR_NEW_DATA_OLD, N_OUTCOMES };
static const char *const outcome_names[N_OUTCOMES] = {
	"old pointer",
	"new pointer, data new",
	"new pointer, data old",
};

static void reset(void *shared)
{
	struct mp_state *s = shared;

	objs[1].a = 0;
	WRITE_ONCE(gp, &objs[0]);
	s->rp = NULL;
	s->r1 = -1;
}

/* Both CPUs hold both lines, so the reader's data load can hit its cache. */
static void prepare(void *shared, unsigned int tid)
{
	(void)shared;
	(void)tid;
	(void)READ_ONCE(gp);
	(void)READ_ONCE(objs[1].a);
}

static void writer(void *shared)
{
	(void)shared;
	objs[1].a = 1;
	rcu_assign_pointer(gp, (struct obj *)((uintptr_t)&objs[1] | OBJ_TAG));
}

void reader(void *shared);
void reader(void *shared)
{
	struct mp_state *s = shared;
	struct obj *p, *q;

	rcu_read_lock();
	p = rcu_dereference(gp);
	s->rp = p;
	q = CANCEL(p);
	s->r1 = q->a;
	rcu_read_unlock();
}

/* Not run, for show-codegen.sh: the address through a mask that is 0. */
void reader_masked(void *shared);
void reader_masked(void *shared)
{
	struct mp_state *s = shared;
	struct obj *p = rcu_dereference(gp);

	s->rp = p;
	s->r1 = MASKED(p)->a;
}

/*
 * Not run, for show-codegen.sh: the document's relational example,
 * q = &objs[0]; q += p > &objs[0]; which it says compilers may turn into
 * a branch (then only a control dependency orders the load, which is no
 * order between two loads).
 */
void reader_relational(void *shared);
void reader_relational(void *shared)
{
	struct mp_state *s = shared;
	struct obj *p = rcu_dereference(gp);

	s->rp = p;
	s->r1 = RELATIONAL(p)->a;
}

static unsigned int outcome(const void *shared)
{
	const struct mp_state *s = shared;

	if (untag(s->rp) != &objs[1])
		return PTR_OLD;
	return s->r1 == 0 ? PTR_NEW_DATA_OLD : PTR_NEW_DATA_NEW;
}

int main(void)
{
	struct harness_test t = {
		.name = "MP+rcu-assign+rcu-deref-integer",
		.nthreads = 2,
		.shared = &st,
		.reset = reset,
		.prepare = prepare,
		.thread = { writer, reader },
		.outcome = outcome,
		.noutcomes = N_OUTCOMES,
		.outcome_names = outcome_names,
		/* wide enough that T1's loads fall before, in and after T0's stores */
		.jitter_ns = 200,
	};
	struct harness_result res;
	int err;

	harness_print_header("addr-dep-integer", REPRO_VARIANT);
	printf("code:      T0: objs[1].a = 1; rcu_assign_pointer(gp, &objs[1] | TAG);"
	       "  ||  T1: p = rcu_dereference(gp); %s; r1 = q->a;\n", ADDR_NAME);
	printf("legend:    pointer = gp as T1 read it, tag cleared (old: "
	       "&objs[0], new: &objs[1]), data = q->a as T1 read it (old 0, new 1)\n");
	err = harness_run(&t, harness_iterations(1000000), 9.0, &res);
	if (err)
		return 2;
	harness_print_histogram(&t, &res, PTR_NEW_DATA_OLD,
				"the outcome the address dependency forbids");
#ifdef FIXED
	harness_print_verdict(&res, PTR_NEW_DATA_OLD, true);
#else
	harness_print_verdict(&res, PTR_NEW_DATA_OLD, false);
#endif
#if defined(__x86_64__)
	if (res.counts[PTR_NEW_DATA_OLD] == 0)
		printf("x86-64:    masked on this CPU: TSO never lets a load pass "
		       "an earlier load, so a load of objs[1].a from its constant "
		       "address still waits for the load of gp; the outcome needs "
		       "a weakly ordered CPU (arm64, POWER); show-codegen.sh shows "
		       "where the address comes from\n");
	else
		printf("x86-64:    TSO never lets a load pass an earlier load: "
		       "the compiler must have put the load of objs[1].a before "
		       "the load of gp (see show-codegen.sh)\n");
#endif
	return 0;
}

// repro-shows: codegen
// codegen: addr reader gp objs
// codegen: addr reader_masked gp objs
// codegen: addr reader_relational gp objs
