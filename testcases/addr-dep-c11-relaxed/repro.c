// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-c11-relaxed: a C11 relaxed load of a pointer that a release
 * store publishes, then a read through it.  C11 gives a relaxed load no
 * dependency ordering: the read through the pointer is not ordered after
 * it, and since it does not happen after the writer's initialisation it
 * is even a data race.  memory_order_consume would name the dependency,
 * but GCC and Clang compile it as acquire; memory_order_acquire is the fix
 * (ordering-semantics.md sections 1.2 and 3).
 *
 * What a run shows: message passing through a C11 atomic pointer,
 *	T0: new_obj.a = 1; atomic_store_explicit(&gp, &new_obj, release);
 *	T1: p = atomic_load_explicit(&gp, relaxed); r1 = p->a;
 * and how often T1 saw the new pointer but read the old a (0) through it,
 * which C11 allows for this code.  With -DFIXED T1's load is
 * memory_order_acquire, and the outcome is forbidden.
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a load pass an
 * earlier load, so the outcome cannot appear here with either build; on
 * arm64 the compilers keep the address dependency of the relaxed form
 * today, which is their choice, not a promise of C11.  show-codegen.sh,
 * per the tags at the end of this file, prints the reader, the consume
 * form and a form with a pointer comparison (both not run), as gcc and
 * clang compile them for x86-64 and arm64: ldr or ldar on arm64, and where
 * the data load's address comes from.
 */
#include <stdatomic.h>
#include <stdio.h>

#include "harness.h"

#ifdef FIXED
#define LOAD_ORDER	memory_order_acquire
#define LOAD_NAME	"memory_order_acquire"
#define CONSUME_ORDER	memory_order_consume
#else
#define LOAD_ORDER	memory_order_relaxed
#define LOAD_NAME	"memory_order_relaxed"
#define CONSUME_ORDER	memory_order_relaxed
#endif

struct obj {
	int a;
	int b;
};

/* what gp points to first */
struct obj old_obj __harness_aligned = { 1, 1 };
/* what T0 initialises and publishes */
struct obj new_obj __harness_aligned;
_Atomic(struct obj *) gp __harness_aligned;

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
	atomic_store_explicit(&gp, &old_obj, memory_order_relaxed);
	s->rp = NULL;
	s->r1 = -1;
}

/* Both CPUs hold both lines, so the reader's data load can hit its cache. */
static void prepare(void *shared, unsigned int tid)
{
	(void)shared;
	(void)tid;
	(void)atomic_load_explicit(&gp, memory_order_relaxed);
	(void)*(volatile int *)&new_obj.a;
}

static void writer(void *shared)
{
	(void)shared;
	new_obj.a = 1;
	atomic_store_explicit(&gp, &new_obj, memory_order_release);
}

void reader(void *shared);
void reader(void *shared)
{
	struct mp_state *s = shared;
	struct obj *p = atomic_load_explicit(&gp, LOAD_ORDER);

	s->rp = p;
	s->r1 = p->a;
}

/*
 * Not run, for show-codegen.sh: memory_order_consume with -DFIXED
 * (relaxed without), the order that names the dependency.
 */
void reader_consume(void *shared);
void reader_consume(void *shared)
{
	struct mp_state *s = shared;
	struct obj *p = atomic_load_explicit(&gp, CONSUME_ORDER);

	s->rp = p;
	s->r1 = p->a;
}

/*
 * Not run, for show-codegen.sh: the same load, then a comparison with the
 * address of the published object (the addr-dep-pointer-compare shape).
 * Where a compiler reads new_obj.a from its constant address, only the
 * acquire of the fixed build still orders that read after the load of gp.
 */
void reader_compared(void *shared);
void reader_compared(void *shared)
{
	struct mp_state *s = shared;
	struct obj *p = atomic_load_explicit(&gp, LOAD_ORDER);

	if (p == &new_obj)
		s->r1 = p->a;
	else
		s->r1 = p->b;
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
		.name = "MP+release+relaxed-addr",
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

	harness_print_header("addr-dep-c11-relaxed", REPRO_VARIANT);
	printf("code:      T0: new_obj.a = 1; atomic_store_explicit(&gp, &new_obj, "
	       "release);  ||  T1: p = atomic_load_explicit(&gp, %s); r1 = p->a;\n",
	       LOAD_NAME);
	printf("legend:    pointer = gp as T1 read it (old: &old_obj, new: "
	       "&new_obj), data = p->a as T1 read it (old 0, new 1)\n");
	err = harness_run(&t, harness_iterations(1000000), 9.0, &res);
	if (err)
		return 2;
	harness_print_histogram(&t, &res, PTR_NEW_DATA_OLD,
				"the outcome C11 allows unless the load is acquire");
#ifdef FIXED
	harness_print_verdict(&res, PTR_NEW_DATA_OLD, true);
#else
	harness_print_verdict(&res, PTR_NEW_DATA_OLD, false);
#endif
#if defined(__x86_64__)
	if (res.counts[PTR_NEW_DATA_OLD] == 0)
		printf("x86-64:    masked on this CPU: TSO never lets a load pass "
		       "an earlier load, so neither build can show the outcome "
		       "here; it needs a weakly ordered CPU (arm64, POWER) and a "
		       "data load that nothing orders after the load of gp; "
		       "show-codegen.sh shows what orders it in each build\n");
	else
		printf("x86-64:    TSO never lets a load pass an earlier load: "
		       "the compiler must have put the load of new_obj.a before "
		       "the load of gp (see show-codegen.sh)\n");
#endif
	return 0;
}

// repro-shows: codegen
// codegen: addr reader gp new_obj
// codegen: addr reader_consume gp new_obj
// codegen: addr reader_compared gp new_obj
