// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-unannotated: a pointer published with smp_store_release() is
 * read with READ_ONCE(), outside RCU, and dereferenced.  The LKMM orders
 * the access through it after the READ_ONCE() (an address dependency from
 * a marked load), and the compilers keep that dependency here; what is
 * missing is the annotation: nothing in the code says that the ordering
 * rests on the dependency, and nothing stops a later change (an integer
 * detour, a comparison) from breaking it.  rcu_dereference() names the
 * dependency and compiles to the same load; smp_load_acquire() does not
 * need it and is an ldar on arm64 (ordering-semantics.md sections 1.1.6,
 * 3 and 5).
 *
 * What a run shows: message passing through a pointer,
 *	T0: new_obj.a = 1; smp_store_release(&gp, &new_obj);
 *	T1: p = READ_ONCE(gp); r1 = p->a;
 * and how often T1 saw the new pointer but read the old a (0) through it,
 * which the address dependency forbids (in the bad build as well: this
 * rule is about the annotation).  With -DFIXED the reader uses
 * smp_load_acquire(&gp).
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a load pass an
 * earlier load, and READ_ONCE(), rcu_dereference() and smp_load_acquire()
 * are all one mov here: a run cannot tell them apart.  On arm64 the
 * READ_ONCE() form is an ldr ordered by the address dependency, the fix an
 * ldar.  show-codegen.sh, per the tags at the end of this file, prints the
 * reader and the rcu_dereference() form of the fix as gcc and clang compile
 * them for x86-64 and arm64.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define LOAD_GP()	smp_load_acquire(&gp)
#define LOAD_NAME	"smp_load_acquire(&gp)"
#define LOAD_GP_RCU()	rcu_dereference(gp)
#else
#define LOAD_GP()	READ_ONCE(gp)
#define LOAD_NAME	"READ_ONCE(gp)"
#define LOAD_GP_RCU()	READ_ONCE(gp)
#endif

struct obj {
	int a;
	int b;
};

/* what gp points to first */
struct obj old_obj __harness_aligned = { 1, 1 };
/* what T0 initialises and publishes */
struct obj new_obj __harness_aligned;
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

static void reset(void *shared)
{
	struct mp_state *s = shared;

	new_obj.a = 0;
	WRITE_ONCE(gp, &old_obj);
	s->rp = NULL;
	s->r1 = -1;
}

/* Both CPUs hold both lines, so the reader's data load can hit its cache. */
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
	new_obj.a = 1;
	smp_store_release(&gp, &new_obj);
}

void reader(void *shared);
void reader(void *shared)
{
	struct mp_state *s = shared;
	struct obj *p = LOAD_GP();

	s->rp = p;
	s->r1 = p->a;
}

/*
 * Not run, for show-codegen.sh: the other fix, rcu_dereference(gp), with
 * -DFIXED (READ_ONCE(gp) without).  It documents the dependency and
 * compiles to the same load.
 */
void reader_rcu(void *shared);
void reader_rcu(void *shared)
{
	struct mp_state *s = shared;
	struct obj *p = LOAD_GP_RCU();

	s->rp = p;
	s->r1 = p->a;
}

static unsigned int outcome(const void *shared)
{
	const struct mp_state *s = shared;

	if (s->rp != &new_obj)
		return PTR_OLD;
	return s->r1 == 0 ? PTR_NEW_DATA_OLD : PTR_NEW_DATA_NEW;
}

int main(void)
{
	struct harness_test t = {
		.name = "MP+store-release+once-addr",
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

	harness_print_header("addr-dep-unannotated", REPRO_VARIANT);
	printf("code:      T0: new_obj.a = 1; smp_store_release(&gp, &new_obj);"
	       "  ||  T1: p = %s; r1 = p->a;\n", LOAD_NAME);
	printf("legend:    pointer = gp as T1 read it (old: &old_obj, new: "
	       "&new_obj), data = p->a as T1 read it (old 0, new 1)\n");
	err = harness_run(&t, harness_iterations(1000000), 9.0, &res);
	if (err)
		return 2;
	harness_print_histogram(&t, &res, PTR_NEW_DATA_OLD,
				"the outcome the ordering forbids");
	/* forbidden in both builds: by the address dependency, by the acquire */
	harness_print_verdict(&res, PTR_NEW_DATA_OLD, true);
#if defined(__x86_64__)
	printf("x86-64:    TSO never lets a load pass an earlier load, so the "
	       "outcome cannot appear here with either build and a run cannot "
	       "tell bad from fixed; show-codegen.sh shows what each compiles "
	       "to (on arm64: ldr or ldar)\n");
#endif
	return 0;
}

// repro-shows: codegen
// codegen: addr reader gp new_obj
// codegen: addr reader_rcu gp new_obj
