// SPDX-License-Identifier: GPL-2.0
/*
 * publish-then-init: the publisher makes the object reachable and then
 * initialises a field of it; a reader that finds the object reads the
 * field:
 *	T0: smp_store_release(&head, &obj); WRITE_ONCE(obj.key, 1);
 *	T1: p = READ_ONCE(head) (rcu_dereference()); r = p ? p->key : -1;
 * With -DFIXED the field is stored first and the release publishes it:
 *	T0: WRITE_ONCE(obj.key, 1); smp_store_release(&head, &obj);
 * (the kernel's store is plain; WRITE_ONCE() keeps this repro free of a
 * C data race without changing its order.)
 *
 * What a run shows: how often the reader found the object, and how often
 * it then read the key from before its initialisation. No reordering is
 * needed for that: the window between the publication and the store is
 * in program order, so every CPU shows it, x86-64 included. What the
 * fixed build's zero count says is that the release orders the store
 * before it (on x86-64 a plain mov: TSO keeps stores in order).
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

struct obj {
	int key;
};

struct shared {
	struct obj obj __harness_aligned;
	struct obj *head __harness_aligned;
	int r __harness_aligned;
};

static struct shared sh;

enum { NOT_FOUND, FOUND_INIT, FOUND_OLD, NOUTCOMES };

static const char *const names[NOUTCOMES] = {
	"r=-1 (not found yet)",
	"r=1  (found, initialised)",
	"r=0  (found, key from before its initialisation)",
};

static void reset(void *shared)
{
	struct shared *s = shared;

	s->head = NULL;
	s->obj.key = 0;
	s->r = -1;
}

static void prepare(void *shared, unsigned int tid)
{
	struct shared *s = shared;

	(void)tid;
	(void)READ_ONCE(s->head);
	(void)READ_ONCE(s->obj.key);
}

static void publisher(void *shared)
{
	struct shared *s = shared;

#ifdef FIXED
	WRITE_ONCE(s->obj.key, 1);
	smp_store_release(&s->head, &s->obj);
#else
	smp_store_release(&s->head, &s->obj);
	WRITE_ONCE(s->obj.key, 1);
#endif
}

static void reader(void *shared)
{
	struct shared *s = shared;
	struct obj *p = READ_ONCE(s->head);

	s->r = p ? READ_ONCE(p->key) : -1;
}

static unsigned int outcome(const void *shared)
{
	const struct shared *s = shared;

	return s->r < 0 ? NOT_FOUND : s->r ? FOUND_INIT : FOUND_OLD;
}

int main(void)
{
	struct harness_test t = {
		.name = "publish-then-init",
		.nthreads = 2,
		.shared = &sh,
		.reset = reset,
		.prepare = prepare,
		.thread = { publisher, reader },
		.outcome = outcome,
		.noutcomes = NOUTCOMES,
		.outcome_names = names,
		.jitter_ns = 200,
	};
	struct harness_result res;

	harness_print_header("publish-then-init", REPRO_VARIANT);
#ifdef FIXED
	printf("code:      T0: WRITE_ONCE(obj.key, 1); smp_store_release(&head, "
	       "&obj);  ||  T1: p = READ_ONCE(head); r = p ? p->key : -1;\n");
#else
	printf("code:      T0: smp_store_release(&head, &obj); "
	       "WRITE_ONCE(obj.key, 1);  ||  T1: p = READ_ONCE(head); r = p ? "
	       "p->key : -1;\n");
#endif
	if (harness_run(&t, harness_iterations(1000000), 8.0, &res))
		return 2;
	harness_print_histogram(&t, &res, FOUND_OLD,
				"the reader saw the object uninitialised");
#ifdef FIXED
	harness_print_verdict(&res, FOUND_OLD, true);
#else
	harness_print_verdict(&res, FOUND_OLD, false);
#endif
	return 0;
}

// repro-shows: outcome
