// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-plain-load: a pointer that is published with
 * rcu_assign_pointer() (a release) read by a reader with plain loads and
 * dereferenced.  A plain load is no head of an address dependency: the
 * compiler may read the pointer once or several times, fuse or tear the
 * reads, and the LKMM promises nothing for the accesses through it
 * (ordering-semantics.md section 3, A1).
 *
 * What a run shows: message passing through a pointer, the reader using
 * two fields of the object,
 *	T0: new_obj.a = 2; new_obj.b = 2; rcu_assign_pointer(gp, &new_obj);
 *	T1: rcu_read_lock(); ra = gp->a; note_read(); rb = gp->b; rcu_read_unlock();
 * where note_read() is any call between the two uses.  Every gp-> is a
 * plain load of gp; whether the compiler reads gp once or twice is its
 * choice (once if it can tell that note_read() leaves gp alone).  Read
 * twice, a and b may come from two different objects (the old one and the
 * new one), which a run counts: it needs no reordering, only the two loads,
 * so x86-64 can show it.  It also counts "new pointer, old data" (a or b
 * still 0), the message-passing outcome the address dependency forbids.
 * With -DFIXED the reader takes p = rcu_dereference(gp) once and reads
 * p->a and p->b: one load of gp, marked.
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a load pass an
 * earlier load, so "new pointer, old data" cannot appear here; it needs a
 * weakly ordered CPU (arm64, POWER), and the compilers emit the same
 * dependent load for a plain load as for rcu_dereference() anyway.
 * show-codegen.sh, per the tags at the end of this file, prints the reader,
 * the same with nothing between the two uses, and the form with a local
 * copy, as gcc and clang compile them for x86-64 and arm64, and says how
 * often gp is loaded and where each data load's address comes from.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

struct obj {
	int a;
	int b;
};

/* what gp points to first: never written */
struct obj old_obj __harness_aligned = { 1, 1 };
/* what T0 initialises and publishes */
struct obj new_obj __harness_aligned;
struct obj *gp __harness_aligned;

struct mp_state {
	int ra __harness_aligned;	/* a, as T1 read it */
	int rb __harness_aligned;	/* b, as T1 read it */
};

static struct mp_state st;

enum { OBJ_OLD, OBJ_NEW, OBJ_TORN, DATA_OLD, OBJ_OTHER, N_OUTCOMES };
static const char *const outcome_names[N_OUTCOMES] = {
	"old object (a=1 b=1)",
	"new object (a=2 b=2)",
	"two objects (a=1 b=2)",
	"old data (a or b 0)",
	"anything else",
};

static unsigned long notes;

/* Any call between the two uses; this one leaves gp alone. */
static __attribute__((noinline)) void note_read(void)
{
	notes++;
}

static void reset(void *shared)
{
	struct mp_state *s = shared;

	new_obj.a = 0;
	new_obj.b = 0;
	WRITE_ONCE(gp, &old_obj);
	s->ra = s->rb = -1;
}

/* Both CPUs hold both lines, so the reader's data loads can hit its cache. */
static void prepare(void *shared, unsigned int tid)
{
	(void)shared;
	(void)tid;
	(void)READ_ONCE(gp);
	(void)READ_ONCE(new_obj.a);
}

static void writer(void *shared)
{
	(void)shared;
	new_obj.a = 2;
	new_obj.b = 2;
	rcu_assign_pointer(gp, &new_obj);
}

void reader(void *shared);
void reader(void *shared)
{
	struct mp_state *s = shared;
#ifdef FIXED
	struct obj *p;

	rcu_read_lock();
	p = rcu_dereference(gp);
	s->ra = p->a;
	note_read();
	s->rb = p->b;
	rcu_read_unlock();
#else
	rcu_read_lock();
	s->ra = gp->a;
	note_read();
	s->rb = gp->b;
	rcu_read_unlock();
#endif
}

/* Not run, for show-codegen.sh: the two uses with nothing between them. */
void reader_adjacent(void *shared);
void reader_adjacent(void *shared)
{
	struct mp_state *s = shared;
#ifdef FIXED
	struct obj *p = rcu_dereference(gp);

	s->ra = p->a;
	s->rb = p->b;
#else
	s->ra = gp->a;
	s->rb = gp->b;
#endif
}

/*
 * Not run, for show-codegen.sh: the pointer read once, plainly, into a
 * local (bad), or with rcu_dereference() (fixed).
 */
void reader_local(void *shared);
void reader_local(void *shared)
{
	struct mp_state *s = shared;
	struct obj *p;

	rcu_read_lock();
#ifdef FIXED
	p = rcu_dereference(gp);
#else
	p = gp;
#endif
	s->ra = p->a;
	note_read();
	s->rb = p->b;
	rcu_read_unlock();
}

static unsigned int outcome(const void *shared)
{
	const struct mp_state *s = shared;

	if (s->ra == 0 || s->rb == 0)
		return DATA_OLD;
	if (s->ra == 1 && s->rb == 1)
		return OBJ_OLD;
	if (s->ra == 2 && s->rb == 2)
		return OBJ_NEW;
	if (s->ra == 1 && s->rb == 2)
		return OBJ_TORN;
	return OBJ_OTHER;
}

int main(void)
{
	struct harness_test t = {
		.name = "MP+rcu-assign+plain-deref-twice",
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

	harness_print_header("addr-dep-plain-load", REPRO_VARIANT);
#ifdef FIXED
	printf("code:      T0: new_obj.a = 2; new_obj.b = 2; rcu_assign_pointer(gp, "
	       "&new_obj);  ||  T1: rcu_read_lock(); p = rcu_dereference(gp); "
	       "ra = p->a; note_read(); rb = p->b; rcu_read_unlock();\n");
#else
	printf("code:      T0: new_obj.a = 2; new_obj.b = 2; rcu_assign_pointer(gp, "
	       "&new_obj);  ||  T1: rcu_read_lock(); ra = gp->a; note_read(); "
	       "rb = gp->b; rcu_read_unlock();\n");
#endif
	printf("legend:    a, b as T1 read them; old_obj is {1, 1}, new_obj "
	       "{0, 0} until T0 makes it {2, 2}; \"old data\": a new pointer "
	       "read, its data not yet\n");
	err = harness_run(&t, harness_iterations(1000000), 9.0, &res);
	if (err)
		return 2;
	harness_print_histogram(&t, &res, OBJ_TORN,
				"two objects: gp was read more than once");
	printf("two objs:  outcome \"%s\"\n", outcome_names[OBJ_TORN]);
#ifdef FIXED
	harness_print_verdict(&res, OBJ_TORN, true);
#else
	harness_print_verdict(&res, OBJ_TORN, false);
#endif
	if (res.counts[OBJ_TORN])
		printf("two objs:  no CPU reordering: a came from old_obj and b "
		       "from new_obj, so this build read gp at least twice and T0 "
		       "published in between\n");
	else
		printf("two objs:  not seen; show-codegen.sh tells whether this "
		       "build reads gp once or twice\n");
	printf("old data:  outcome \"%s\"\n", outcome_names[DATA_OLD]);
#ifdef FIXED
	harness_print_verdict(&res, DATA_OLD, true);
#else
	harness_print_verdict(&res, DATA_OLD, false);
#endif
#if defined(__x86_64__)
	if (res.counts[DATA_OLD] == 0)
		printf("x86-64:    masked on this CPU: TSO never lets a load pass "
		       "an earlier load, so a data load through gp waits for the "
		       "load of gp; \"new pointer, old data\" needs a weakly "
		       "ordered CPU (arm64, POWER)\n");
	else
		printf("x86-64:    TSO never lets a load pass an earlier load: "
		       "the compiler must have put a data load before the load "
		       "of gp (see show-codegen.sh)\n");
#endif
	return 0;
}

// repro-shows: outcome
// codegen: addr reader gp new_obj
// codegen: addr reader_adjacent gp new_obj
// codegen: addr reader_local gp new_obj
