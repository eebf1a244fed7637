/* SPDX-License-Identifier: GPL-2.0 */
/*
 * harness.h - run litmus-style thread bodies on distinct CPUs and time
 * short code sequences, for the repros under testcases/<rule-id>/.
 *
 * Two services, both printing what they measured and where:
 *
 *  - harness_run(): N thread bodies (N <= HARNESS_MAX_THREADS), each
 *    pinned to its own CPU, run once per iteration between two spin
 *    barriers; thread 0 resets the shared state before and classifies
 *    the outcome after each iteration, so every iteration is one
 *    independent execution of the litmus test.
 *  - harness_time(): ns per operation of a loop, median of several runs,
 *    optionally while a background thread keeps another CPU busy.
 *
 * Only the repro's own code decides what it prints as a verdict; the
 * harness never assumes an outcome.  A repro exits 0 whatever it measured
 * and non-zero only when the harness itself failed.
 */
#ifndef HARNESS_H
#define HARNESS_H

#include <stdbool.h>
#include <stddef.h>

#define HARNESS_MAX_THREADS	4
#define HARNESS_MAX_OUTCOMES	16

/* One cache line per shared variable, so the test races on what it means to. */
#define HARNESS_LINE		128	/* adjacent-line prefetch pairs lines */
#define __harness_aligned	__attribute__((aligned(HARNESS_LINE)))

/* -DFIXED selects the fixed form of a repro; run-repro.sh builds both. */
#ifdef FIXED
#define REPRO_VARIANT	"fixed"
#define REPRO_FIXED	true
#else
#define REPRO_VARIANT	"bad"
#define REPRO_FIXED	false
#endif

struct harness_test {
	const char *name;		/* litmus-style name, e.g. "SB+mbonceonces" */
	unsigned int nthreads;
	void *shared;			/* passed to every callback */
	/* Run by thread 0 before each iteration, no other thread running. */
	void (*reset)(void *shared);
	/*
	 * Optional, run by every thread after the reset, before the common
	 * start time.  Reading the shared variables here leaves their lines
	 * shared by all CPUs, so a body's loads hit its own cache while its
	 * stores wait for invalidations: the setting in which a store buffer
	 * shows, instead of one CPU owning every line and simply going first.
	 */
	void (*prepare)(void *shared, unsigned int tid);
	void (*thread[HARNESS_MAX_THREADS])(void *shared);
	/* Run by thread 0 after each iteration: index into outcome_names. */
	unsigned int (*outcome)(const void *shared);
	unsigned int noutcomes;
	const char *const *outcome_names;
	/*
	 * Each iteration's bodies start at one instant of the shared cycle
	 * counter (TSC, arm64 generic timer); every thread adds a random
	 * 0..jitter_ns to it, so the relative timing of the two bodies
	 * varies and some iterations line up closely enough to race.
	 */
	unsigned int jitter_ns;
};

struct harness_result {
	unsigned long iterations;	/* iterations actually run */
	unsigned long counts[HARNESS_MAX_OUTCOMES];
	double seconds;
	bool pinned;			/* each thread on its own CPU */
	int cpu[HARNESS_MAX_THREADS];	/* -1 when not pinned */
	bool timed_out;			/* stopped at max_seconds */
	unsigned long late;		/* thread starts after the start time */
	double margin_ns;		/* final release-to-start delay */
};

/* The CPU model from /proc/cpuinfo ("unknown" when absent); static buffer. */
const char *harness_cpu_model(void);

/* Number of CPUs this process may run on (sched_getaffinity). */
int harness_ncpus(void);

/*
 * The common header every repro starts with: rule id, variant, CPU model,
 * usable CPUs, compiler, architecture.  Call it first: it also records
 * the variant for harness_compare().
 */
void harness_print_header(const char *rule_id, const char *variant);

/*
 * Iterations for a litmus run: $REPRO_ITERATIONS when set and valid,
 * otherwise def.  Lets a quick run or a long soak use the same binary.
 */
unsigned long harness_iterations(unsigned long def);

/*
 * The time limit of a litmus run: $REPRO_SECONDS when set and valid (a
 * positive number), otherwise def.  Lets the test suite run a repro for
 * a few seconds on a busy machine.
 */
double harness_seconds(double def);

/*
 * Run t for up to iterations iterations or max_seconds, whichever comes
 * first.  Returns 0, or a negative errno when threads could not be made.
 */
int harness_run(const struct harness_test *t, unsigned long iterations,
		double max_seconds, struct harness_result *res);

/* The outcome histogram, one line per outcome, marking the one named. */
void harness_print_histogram(const struct harness_test *t,
			     const struct harness_result *res,
			     int marked, const char *mark);

/*
 * Verdict line for an outcome that the fixed code forbids.  expect_zero:
 * this build's code forbids it (a count > 0 is then a harness or
 * hardware problem, and says so); otherwise it is allowed and the line
 * says whether this CPU showed it.
 */
void harness_print_verdict(const struct harness_result *res, int outcome,
			   bool expect_zero);

/*
 * Store buffering (SB), the one shape x86 reorders:
 *	T0: *x = 1; fence; r0 = *y;	T1: *y = 1; fence; r1 = *x;
 * The repro writes the two bodies with the primitives under test;
 * harness_sb_test() supplies reset, prepare, outcome and names.
 * x and y are the caller's, each on its own cache line.
 */
struct harness_sb {
	int *x;
	int *y;
	int r0 __harness_aligned;
	int r1 __harness_aligned;
};

#define HARNESS_SB_BOTH_ZERO	0	/* outcome index of r0=0 r1=0 */

void harness_sb_test(struct harness_test *t, struct harness_sb *sb,
		     const char *name, void (*t0)(void *), void (*t1)(void *));

/*
 * The rest of a repro once its header and code lines are out, for a test
 * whose bad build allows @outcome and whose fixed build forbids it: the
 * @legend, the run, the histogram with @outcome marked by @mark, the
 * verdict, and what x86-64 makes of this build: @x86_fixed for the fixed
 * build, @x86_seen where the bad build showed the outcome, otherwise that
 * TSO allows it but this run missed it.  Returns main's exit code.
 */
int harness_report(const struct harness_test *t, int outcome, bool fixed,
		   const char *legend, const char *mark, const char *x86_fixed,
		   const char *x86_seen);

/*
 * harness_report() for an SB repro: the
 * legend, the run, the histogram, the verdict, and what x86-64 makes of
 * this build.  fixed: the build has the full fence, which forbids
 * r0=0 r1=0.  x86_fence: what its fence is on x86-64, in the dialect's
 * words ("rte_smp_mb() is a locked add here").  Returns main's exit code.
 */
int harness_sb_report(const struct harness_test *t, bool fixed,
		      const char *x86_fence);

struct harness_timing {
	double median_ns;		/* per operation */
	double min_ns;
	double max_ns;
	unsigned long ops;		/* per run */
	unsigned int runs;
};

/*
 * Time fn(ctx, ops), which must do ops operations, runs times (after one
 * untimed warm-up) with CLOCK_MONOTONIC, and give ns per operation.
 * Loop overhead is included, so compare figures of the same loop shape.
 */
void harness_time(void (*fn)(void *ctx, unsigned long ops), void *ctx,
		  unsigned long ops, unsigned int runs,
		  struct harness_timing *out);

/* One code sequence to time: what it is (shown as is) and its loop. */
struct harness_seq {
	const char *code;
	void (*fn)(void *ctx, unsigned long ops);
};

/*
 * Time bad and fixed in alternating runs (so drift and noise hit both),
 * print both medians, mark the one this build uses, and the ratio
 * bad/fixed; then the same again while a thread on another CPU hammers
 * an unrelated cache line with locked RMWs, or say why that was skipped.
 */
void harness_compare(const struct harness_seq *bad,
		     const struct harness_seq *fixed, void *ctx,
		     unsigned long ops, unsigned int runs);

/*
 * A background thread on another CPU running fn(ctx, &stop) until stop
 * turns true; for timing under load.  Returns 0, or a negative errno, or
 * -ENODEV when there is no second CPU (the caller should say so).
 */
int harness_bg_start(void (*fn)(void *ctx, const volatile bool *stop),
		     void *ctx);
void harness_bg_stop(void);

#endif /* HARNESS_H */
