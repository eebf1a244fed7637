// SPDX-License-Identifier: GPL-2.0
/*
 * addr-dep-plain-load-unlocked: a pointer published with
 * rcu_assign_pointer() read with a plain load, and dereferenced, by a
 * function that takes no lock and no RCU read lock.  A plain load may be
 * fused with other loads of the pointer or hoisted by the compiler
 * (rcu_dereference.rst; memory-barriers.txt, "COMPILER BARRIER"), and
 * outside rcu_read_lock() not even that compiler barrier stands between
 * two calls of the reader.
 *
 * What a run shows: a caller polling the lockless reader, bad.c's
 * cfg_level(), until the new configuration shows, a bounded number of
 * times (as a kernel wait would, with nothing else in the loop),
 *	T0: new_cfg.level = 3; rcu_assign_pointer(cur_cfg, &new_cfg);
 *	T1: for (n = 0; n < SPIN_POLLS; n++) if (cfg_level() == 3) break;
 *	    cfg_level(): c = cur_cfg; return c->level;
 * and how often T1 saw the new configuration within its polls.  With the
 * plain load inlined into a loop that holds no barrier the compiler may
 * read cur_cfg and c->level once, before the loop: T1 then gives up
 * whenever that one read came before T0's publication, a compiler effect
 * this CPU does show.  With -DFIXED cfg_level() reads the pointer with
 * rcu_dereference() inside rcu_read_lock(), the rule's fix: one marked
 * load per call.  A run also counts "new pointer, old data" (level 0), the
 * message-passing outcome the address dependency forbids.
 *
 * What this CPU cannot show: "new pointer, old data".  x86-64 is TSO and
 * never lets a load pass an earlier load, and the compilers emit the same
 * dependent load for the plain load as for rcu_dereference(); it needs a
 * weakly ordered CPU (arm64, POWER) and a compiler that breaks the
 * dependency.  show-codegen.sh (the tags at the end) prints the polling
 * loop and the reader on its own for x86-64 and arm64: whether cur_cfg is
 * re-read in the loop, and where the load of level gets its address.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

/* Far longer than T0 takes to publish, so a re-reading poll sees it. */
#define SPIN_POLLS 100000

struct cfg {
	int level;
};

/* what cur_cfg points to first: never written */
struct cfg old_cfg __harness_aligned = { 1 };
/* what T0 initialises and publishes */
struct cfg new_cfg __harness_aligned;
struct cfg *cur_cfg __harness_aligned;

struct poll_state {
	int level __harness_aligned; /* the last level T1 read */
};

static struct poll_state st;

enum { SAW_NEW, GAVE_UP, DATA_OLD, OTHER, N_OUTCOMES };
static const char *const outcome_names[N_OUTCOMES] = {
	"saw level 3 (new)",
	"gave up, level 1 (old)",
	"old data (level 0)",
	"anything else",
};

/* The reader of bad.c: no lock, no RCU read lock, no marked load. */
static inline int cfg_level(void)
{
#ifdef FIXED
	int level;

	rcu_read_lock();
	level = rcu_dereference(cur_cfg)->level;
	rcu_read_unlock();
	return level;
#else
	struct cfg *c = cur_cfg;

	return c->level;
#endif
}

/* Not run, for show-codegen.sh: the reader as a function of its own. */
int cfg_level_fn(void);
int cfg_level_fn(void)
{
	return cfg_level();
}

static void reset(void *shared)
{
	struct poll_state *s = shared;

	new_cfg.level = 0;
	WRITE_ONCE(cur_cfg, &old_cfg);
	s->level = -1;
}

/* Both CPUs hold both lines, so T1's first read can hit its own cache. */
static void prepare(void *shared, unsigned int tid)
{
	(void)shared;
	(void)tid;
	(void)READ_ONCE(cur_cfg);
	(void)READ_ONCE(new_cfg.level);
}

static void cfg_install(void *shared)
{
	(void)shared;
	new_cfg.level = 3;
	rcu_assign_pointer(cur_cfg, &new_cfg);
}

void cfg_wait(void *shared);
void cfg_wait(void *shared)
{
	unsigned int n;
	int level = -1;

	for (n = 0; n < SPIN_POLLS; n++) {
		level = cfg_level();
		if (level == 3)
			break;
	}
	/* st, not shared: show-codegen.sh names the store by its symbol */
	(void)shared;
	st.level = level;
}

static unsigned int outcome(const void *shared)
{
	const struct poll_state *s = shared;

	switch (s->level) {
	case 3:
		return SAW_NEW;
	case 1:
		return GAVE_UP;
	case 0:
		return DATA_OLD;
	default:
		return OTHER;
	}
}

int main(void)
{
	struct harness_test t = {
		.name = REPRO_FIXED ? "MP+rcu-assign+rcu-deref-poll" :
				      "MP+rcu-assign+plain-poll",
		.nthreads = 2,
		.shared = &st,
		.reset = reset,
		.prepare = prepare,
		.thread = { cfg_install, cfg_wait },
		.outcome = outcome,
		.noutcomes = N_OUTCOMES,
		.outcome_names = outcome_names,
		/* T1's first read falls before, in and after T0's stores */
		.jitter_ns = 200,
	};
	struct harness_result res;
	unsigned long gave_up;

	harness_print_header("addr-dep-plain-load-unlocked", REPRO_VARIANT);
#ifdef FIXED
	printf("code:      T0: new_cfg.level = 3; rcu_assign_pointer(cur_cfg, "
	       "&new_cfg);  ||  T1: for (n = 0; n < %d; n++) if (cfg_level() "
	       "== 3) break;  cfg_level(): rcu_read_lock(); l = "
	       "rcu_dereference(cur_cfg)->level; rcu_read_unlock();\n",
	       SPIN_POLLS);
#else
	printf("code:      T0: new_cfg.level = 3; rcu_assign_pointer(cur_cfg, "
	       "&new_cfg);  ||  T1: for (n = 0; n < %d; n++) if (cfg_level() "
	       "== 3) break;  cfg_level(): c = cur_cfg; return c->level;\n",
	       SPIN_POLLS);
#endif
	printf("legend:    the level T1 read last; old_cfg is {1}, new_cfg "
	       "{0} until T0 makes it {3}\n");
	if (harness_run(&t, harness_iterations(200000), harness_seconds(8.0),
			&res))
		return 2;
	harness_print_histogram(&t, &res, GAVE_UP, "never saw the publication");
	gave_up = res.counts[GAVE_UP];
	printf("poll:      T1 saw new_cfg in %lu of %lu iterations, gave up "
	       "in %lu (%.2f%%)\n",
	       res.counts[SAW_NEW], res.iterations, gave_up,
	       res.iterations ? 100.0 * gave_up / res.iterations : 0.0);
	if (gave_up)
		printf("verdict:   T1 gave up after %d polls although T0 "
		       "published at the same start time (+0..200 ns): this "
		       "build read cur_cfg fewer times than it polled "
		       "(show-codegen.sh, check poll, says how often), or T0 "
		       "was descheduled for all of T1's polls\n",
		       SPIN_POLLS);
	else
		printf("verdict:   T1 saw the publication in every iteration "
		       "it ran: this build re-read cur_cfg while it polled\n");
	printf("old data:  outcome \"%s\"\n", outcome_names[DATA_OLD]);
	harness_print_verdict(&res, DATA_OLD, REPRO_FIXED);
#if defined(__x86_64__)
	if (res.counts[DATA_OLD] == 0)
		printf("x86-64:    \"old data\" is masked on this CPU: TSO never "
		       "lets a load pass an earlier load, so the load of level "
		       "waits for the load of cur_cfg; it needs a weakly "
		       "ordered CPU (arm64, POWER)\n");
	else
		printf("x86-64:    TSO never lets a load pass an earlier load: "
		       "the compiler must have put the load of level before "
		       "the load of cur_cfg (see show-codegen.sh)\n");
#else
	printf("this CPU:  not x86-64; the counts above are its own\n");
#endif
	return 0;
}

// repro-shows: outcome
// codegen: poll cfg_wait cur_cfg st
// codegen: addr cfg_level_fn cur_cfg new_cfg
