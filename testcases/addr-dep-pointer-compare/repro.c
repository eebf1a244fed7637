// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-pointer-compare: a pointer from rcu_dereference() compared
 * equal with the address of a known object and then dereferenced.  In the
 * equal leg the compiler may use the known address instead of the loaded
 * pointer, and that load no longer depends on the head load: a weakly
 * ordered CPU may satisfy it first (Documentation/RCU/rcu_dereference.rst,
 * "comparing pointers"; ordering-semantics.md section 3, A5).
 *
 * What a run shows: message passing through a pointer, the published
 * object being the one the reader compares with,
 *	T0: default_obj.a = 1; rcu_assign_pointer(gp, &default_obj);
 *	T1: p = rcu_dereference(gp);
 *	    if (p == &default_obj) { r1 = p->a; do_default(); }
 *	    else                   { r1 = p->a; do_other(); }
 * and how often T1 saw the new pointer but read the old a (0) through it.
 * With -DFIXED the comparison is made on copies hidden from the optimiser
 * (ptr_eq_hidden() below), so the compiler cannot learn that p equals
 * &default_obj and has to read through p.
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a load pass an
 * earlier load, so even a load of default_obj.a from its constant address
 * stays after the load of gp, and the outcome cannot appear here.  It needs
 * a weakly ordered CPU (arm64, POWER).  show-codegen.sh, per the tags at
 * the end of this file, prints the reader as gcc and clang compile it for
 * x86-64 and arm64 and says, for each load of default_obj, whether its
 * address still comes from the loaded pointer.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

/*
 * Compare two pointers without telling the optimiser that they are equal:
 * the comparison is made on copies that OPTIMIZER_HIDE_VAR() turned into
 * values of unknown origin, so in the equal leg the original pointer is
 * still the only thing known to point at the object.
 */
#define ptr_eq_hidden(a, b)						\
	({								\
		__typeof__(a) __pa = (a);				\
		__typeof__(b) __pb = (b);				\
		OPTIMIZER_HIDE_VAR(__pa);				\
		OPTIMIZER_HIDE_VAR(__pb);				\
		__pa == __pb;						\
	})

#ifdef FIXED
#define IS_DEFAULT(p)	ptr_eq_hidden(p, &default_obj)
#define CMP_NAME	"ptr_eq_hidden(p, &default_obj)"
#else
#define IS_DEFAULT(p)	((p) == &default_obj)
#define CMP_NAME	"p == &default_obj"
#endif

struct obj {
	int a;
	int b;
};

/* the object the reader compares with, published by T0 */
struct obj default_obj __harness_aligned;
/* what gp points to before T0 publishes */
struct obj other_obj __harness_aligned = { 1, 1 };
struct obj *gp __harness_aligned;

struct mp_state {
	struct obj *rp __harness_aligned;	/* the pointer T1 read */
	int r1 __harness_aligned;		/* a, as T1 read it through rp */
};

static struct mp_state st;

enum { PTR_OLD, PTR_NEW_DATA_NEW, PTR_NEW_DATA_OLD, N_OUTCOMES };
static const char *const outcome_names[N_OUTCOMES] = {
	"old pointer",
	"new pointer, data new",
	"new pointer, data old",
};

/* Which leg T1 took: two bodies that differ, so the legs stay distinct. */
static unsigned long eq_legs, ne_legs;

static __attribute__((noinline)) void do_default(void)
{
	eq_legs++;
}

static __attribute__((noinline)) void do_other(void)
{
	ne_legs++;
}

static void reset(void *shared)
{
	struct mp_state *s = shared;

	default_obj.a = 0;
	WRITE_ONCE(gp, &other_obj);
	s->rp = NULL;
	s->r1 = -1;
}

/* Both CPUs hold both lines, so the reader's data load can hit its cache. */
static void prepare(void *shared, unsigned int tid)
{
	(void)shared;
	(void)tid;
	(void)READ_ONCE(gp);
	(void)READ_ONCE(default_obj.a);
}

static void writer(void *shared)
{
	(void)shared;
	default_obj.a = 1;
	rcu_assign_pointer(gp, &default_obj);
}

void reader(void *shared);
void reader(void *shared)
{
	struct mp_state *s = shared;
	struct obj *p;

	rcu_read_lock();
	p = rcu_dereference(gp);
	s->rp = p;
	if (IS_DEFAULT(p)) {
		s->r1 = p->a;
		do_default();
	} else {
		s->r1 = p->a;
		do_other();
	}
	rcu_read_unlock();
}

/*
 * Not run, for show-codegen.sh: the equal leg reads p->a, the other leg
 * p->b, as in rcu_dereference.rst's example.
 */
void reader_two_fields(void *shared);
void reader_two_fields(void *shared)
{
	struct mp_state *s = shared;
	struct obj *p = rcu_dereference(gp);

	if (IS_DEFAULT(p))
		s->r1 = p->a;
	else
		s->r1 = p->b;
}

/*
 * Not run, for show-codegen.sh: the fix tried the other way round, the
 * plain comparison and then OPTIMIZER_HIDE_VAR(p) in the equal leg (with
 * -DFIXED).  The compiler still knows p == &default_obj when it feeds the
 * empty asm, and may hand it the register that holds the constant.
 */
void reader_hide_in_leg(void *shared);
void reader_hide_in_leg(void *shared)
{
	struct mp_state *s = shared;
	struct obj *p = rcu_dereference(gp);

	s->rp = p;
	if (p == &default_obj) {
#ifdef FIXED
		OPTIMIZER_HIDE_VAR(p);
#endif
		s->r1 = p->a;
		do_default();
	} else {
		s->r1 = p->a;
		do_other();
	}
}

static unsigned int outcome(const void *shared)
{
	const struct mp_state *s = shared;

	if (s->rp != &default_obj)
		return PTR_OLD;
	return s->r1 == 0 ? PTR_NEW_DATA_OLD : PTR_NEW_DATA_NEW;
}

int main(void)
{
	struct harness_test t = {
		.name = "MP+rcu-assign+rcu-deref-compared",
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

	harness_print_header("addr-dep-pointer-compare", REPRO_VARIANT);
	printf("code:      T0: default_obj.a = 1; rcu_assign_pointer(gp, "
	       "&default_obj);  ||  T1: p = rcu_dereference(gp); if (%s) "
	       "{ r1 = p->a; do_default(); } else { r1 = p->a; do_other(); }\n",
	       CMP_NAME);
	printf("legend:    pointer = gp as T1 read it (old: &other_obj, new: "
	       "&default_obj), data = p->a as T1 read it (old 0, new 1)\n");
	err = harness_run(&t, harness_iterations(1000000), 9.0, &res);
	if (err)
		return 2;
	harness_print_histogram(&t, &res, PTR_NEW_DATA_OLD,
				"the outcome the address dependency forbids");
	printf("legs:      T1 took the equal leg %lu times, the other leg %lu times\n",
	       eq_legs, ne_legs);
#ifdef FIXED
	harness_print_verdict(&res, PTR_NEW_DATA_OLD, true);
#else
	harness_print_verdict(&res, PTR_NEW_DATA_OLD, false);
#endif
#if defined(__x86_64__)
	if (res.counts[PTR_NEW_DATA_OLD] == 0)
		printf("x86-64:    masked on this CPU: TSO never lets a load pass "
		       "an earlier load, so a load of default_obj.a from its "
		       "constant address still waits for the load of gp; the "
		       "outcome needs a weakly ordered CPU (arm64, POWER); "
		       "show-codegen.sh shows where the address comes from\n");
	else
		printf("x86-64:    TSO never lets a load pass an earlier load: "
		       "the compiler must have put the load of default_obj.a "
		       "before the load of gp (see show-codegen.sh)\n");
#endif
	return 0;
}

// repro-shows: codegen
// codegen: addr reader gp default_obj
// codegen: addr reader_two_fields gp default_obj
// codegen: addr reader_hide_in_leg gp default_obj
