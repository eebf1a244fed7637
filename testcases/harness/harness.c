// SPDX-License-Identifier: GPL-2.0
/*
 * harness.c - the litmus runner, the timer and the common output of the
 * repros; see harness.h for the contract.
 *
 * The harness's own synchronisation uses GCC __atomic builtins, never the
 * kernel primitives under test, so a broken primitive in kprims.h cannot
 * hide itself by also breaking the barrier that separates iterations.
 */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------ platform */

/* The value of the first "key : value" line of /proc/cpuinfo, or NULL. */
static const char *cpuinfo_field(const char *key, char *buf, size_t len)
{
	size_t klen = strlen(key);
	char line[4096];
	const char *ret = NULL;
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (!f)
		return NULL;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		/* "model" must not match "model name": only blanks may follow */
		if (strncmp(line, key, klen) || !colon ||
		    line + klen + strspn(line + klen, " \t") != colon)
			continue;
		colon++;
		colon += strspn(colon, " \t");
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(buf, len, "%s", colon);
		ret = buf;
		break;
	}
	fclose(f);
	return ret;
}

const char *harness_cpu_model(void)
{
	static char model[256];

	if (model[0])
		return model;
	/* x86 names the model; arm64 kernels give implementer/part only. */
	if (!cpuinfo_field("model name", model, sizeof(model)) &&
	    !cpuinfo_field("Hardware", model, sizeof(model)) &&
	    !cpuinfo_field("CPU part", model, sizeof(model)))
		snprintf(model, sizeof(model), "unknown");
	return model;
}

/* The CPUs we may use, in order; returns how many (at most max). */
static int allowed_cpus(int *cpus, int max)
{
	cpu_set_t set;
	int cpu, n = 0;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 0;
	for (cpu = 0; cpu < CPU_SETSIZE && n < max; cpu++)
		if (CPU_ISSET(cpu, &set))
			cpus[n++] = cpu;
	return n;
}

int harness_ncpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 1;
	return CPU_COUNT(&set);
}

static int pin_thread(pthread_t th, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return -pthread_setaffinity_np(th, sizeof(set), &set);
}

/* Which of bad/fixed this binary is, for marking its timing line. */
static const char *this_variant = "";

void harness_print_header(const char *rule_id, const char *variant)
{
	char fam[32], mod[32], flags[4096];

	this_variant = variant;
	printf("rule:      %s\n", rule_id);
	printf("variant:   %s\n", variant);
	printf("cpu:       %s", harness_cpu_model());
	if (cpuinfo_field("cpu family", fam, sizeof(fam)) &&
	    cpuinfo_field("model", mod, sizeof(mod)))
		printf(" (family %s, model %s)", fam, mod);
	/* Timings from a guest include whatever the host does meanwhile. */
	if (cpuinfo_field("flags", flags, sizeof(flags)) &&
	    strstr(flags, " hypervisor"))
		printf(", virtual machine");
	printf("\n");
	printf("cpus:      %d usable by this process\n", harness_ncpus());
#if defined(__x86_64__)
	printf("arch:      x86-64\n");
#elif defined(__aarch64__)
	printf("arch:      arm64 (%s)\n",
#ifdef __ARM_FEATURE_ATOMICS
	       "LSE atomics"
#else
	       "LL/SC atomics"
#endif
	       );
#endif
#ifdef __clang__
	printf("compiler:  clang %s\n", __clang_version__);
#else
	printf("compiler:  gcc %s\n", __VERSION__);
#endif
}

unsigned long harness_iterations(unsigned long def)
{
	const char *s = getenv("REPRO_ITERATIONS");
	unsigned long v;
	char *end;

	if (!s || !*s)
		return def;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || !v) {
		fprintf(stderr, "harness: ignoring REPRO_ITERATIONS=%s\n", s);
		return def;
	}
	return v;
}

double harness_seconds(double def)
{
	const char *s = getenv("REPRO_SECONDS");
	double v;
	char *end;

	if (!s || !*s)
		return def;
	errno = 0;
	v = strtod(s, &end);
	if (errno || *end || !(v > 0)) {
		fprintf(stderr, "harness: ignoring REPRO_SECONDS=%s\n", s);
		return def;
	}
	return v;
}

/*
 * A clock every CPU reads alike (x86 invariant TSC, arm64 generic timer),
 * used to start the bodies of one iteration at the same instant.
 */
static inline uint64_t ticks(void)
{
#if defined(__x86_64__)
	return __builtin_ia32_rdtsc();
#else
	uint64_t t;

	__asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r" (t) : : "memory");
	return t;
#endif
}

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/*
 * Ticks per ns: arm64 says (cntfrq_el0, often only tens of MHz, which
 * then bounds how closely bodies can be lined up); the TSC is measured
 * against CLOCK_MONOTONIC over 5 ms.
 */
static double ticks_per_ns(void)
{
	static double tpn;

	if (tpn == 0) {
#if defined(__x86_64__)
		double t0 = now_seconds(), t1;
		uint64_t c0 = ticks();

		while ((t1 = now_seconds()) - t0 < 0.005)
			;
		tpn = (ticks() - c0) / ((t1 - t0) * 1e9);
#else
		uint64_t f;

		__asm__ __volatile__("mrs %0, cntfrq_el0" : "=r" (f));
		tpn = f / 1e9;
#endif
		if (tpn <= 0)
			tpn = 1;
	}
	return tpn;
}

/* --------------------------------------------------------- spin barrier */

/*
 * Sense-reversing: the last thread to arrive resets the count and flips
 * the sense the others spin on.  acq_rel on arrival and release/acquire
 * on the sense make everything before the barrier (the reset, the bodies)
 * visible to every thread after it.
 *
 * Released threads leave the spin one cache-line transfer apart (about a
 * microsecond in a VM), far longer than the window a store sits in a store
 * buffer.  So the releaser also publishes a start time a margin ahead and
 * every thread waits for it on the shared clock, which lines the bodies up
 * to within the clock's skew; jitter then sweeps the offset around that.
 */
struct spin_barrier {
	unsigned int count __harness_aligned;
	unsigned int sense __harness_aligned;
	unsigned int n;
	bool yield;		/* threads share CPUs: let the others run */
	uint64_t *start;	/* when set, the releaser stores a start time */
	uint64_t margin;	/* ticks from release to start */
};

static void spin_barrier_wait(struct spin_barrier *b, unsigned int *local)
{
	unsigned int sense = !*local;

	*local = sense;
	if (__atomic_add_fetch(&b->count, 1, __ATOMIC_ACQ_REL) == b->n) {
		__atomic_store_n(&b->count, 0, __ATOMIC_RELAXED);
		/* Published with the release below, read after the acquire. */
		if (b->start)
			*b->start = ticks() + b->margin;
		__atomic_store_n(&b->sense, sense, __ATOMIC_RELEASE);
		return;
	}
	while (__atomic_load_n(&b->sense, __ATOMIC_ACQUIRE) != sense) {
		if (b->yield)
			sched_yield();
	}
}

/* -------------------------------------------------------- litmus runner */

struct run_state {
	const struct harness_test *t;
	struct harness_result *res;
	unsigned long iterations;
	double deadline;
	struct spin_barrier bar;
	unsigned int stop __harness_aligned;
	unsigned int gate;		/* GATE_* */
	uint64_t start;			/* ticks at which the bodies begin */
	unsigned long late __harness_aligned;	/* starts after start */
};

/* Margin bounds in ns; the run doubles it while starts come late. */
#define MARGIN_MIN_NS	100
#define MARGIN_MAX_NS	200000

enum { GATE_WAIT, GATE_GO, GATE_ABORT };

struct worker {
	struct run_state *rs;
	unsigned int tid;
};

/* xorshift32: a cheap per-thread source of skew, not of randomness. */
static unsigned int next_rand(unsigned int *s)
{
	unsigned int x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *s = x;
}

/*
 * Thread 0, between iterations: if more than 1/16 of the last 1024
 * iterations' thread starts came after the start time, the margin is too
 * short for this machine's wake-up latency.
 */
static void adapt_margin(struct run_state *rs)
{
	unsigned long late = __atomic_exchange_n(&rs->late, 0, __ATOMIC_RELAXED);

	rs->res->late += late;
	if (late > 1024 * rs->t->nthreads / 16 &&
	    rs->bar.margin < MARGIN_MAX_NS * ticks_per_ns())
		rs->bar.margin *= 2;
}

static void *worker_main(void *arg)
{
	const struct worker *w = arg;
	struct run_state *rs = w->rs;
	const struct harness_test *t = rs->t;
	void (*body)(void *) = t->thread[w->tid];
	unsigned int sense = 0, seed = 0x9e3779b9u * (w->tid + 1);
	unsigned int jitter = t->jitter_ns * ticks_per_ns();
	unsigned long i;
	unsigned int gate;

	while ((gate = __atomic_load_n(&rs->gate, __ATOMIC_ACQUIRE)) == GATE_WAIT)
		sched_yield();
	if (gate == GATE_ABORT)
		return NULL;
	for (i = 0;; i++) {
		uint64_t go;

		if (w->tid == 0) {
			if (i == rs->iterations)
				rs->stop = 1;
			else if ((i & 4095) == 0 && now_seconds() > rs->deadline)
				rs->stop = rs->res->timed_out = 1;
			else
				t->reset(t->shared);
			if ((i & 1023) == 1023)
				adapt_margin(rs);
		}
		spin_barrier_wait(&rs->bar, &sense);
		if (rs->stop)
			break;
		if (t->prepare)
			t->prepare(t->shared, w->tid);
		go = rs->start;
		if (jitter)
			go += next_rand(&seed) % (jitter + 1);
		if (ticks() > go)
			__atomic_add_fetch(&rs->late, 1, __ATOMIC_RELAXED);
		while (ticks() < go)
			;
		body(t->shared);
		spin_barrier_wait(&rs->bar, &sense);
		if (w->tid == 0)
			rs->res->counts[t->outcome(t->shared)]++;
	}
	if (w->tid == 0)
		rs->res->iterations = i;
	return NULL;
}

int harness_run(const struct harness_test *t, unsigned long iterations,
		double max_seconds, struct harness_result *res)
{
	static struct run_state rs;
	struct worker w[HARNESS_MAX_THREADS];
	pthread_t th[HARNESS_MAX_THREADS];
	int cpus[HARNESS_MAX_THREADS];
	unsigned int i, created;
	double start;
	int ncpu, err = 0;

	if (t->nthreads < 1 || t->nthreads > HARNESS_MAX_THREADS ||
	    t->noutcomes > HARNESS_MAX_OUTCOMES)
		return -EINVAL;
	memset(res, 0, sizeof(*res));
	memset(&rs, 0, sizeof(rs));
	rs.t = t;
	rs.res = res;
	rs.iterations = iterations;
	rs.bar.n = t->nthreads;
	rs.bar.start = &rs.start;
	rs.bar.margin = MARGIN_MIN_NS * ticks_per_ns() + 1;

	ncpu = allowed_cpus(cpus, HARNESS_MAX_THREADS);
	res->pinned = ncpu >= (int)t->nthreads;
	if (!res->pinned)
		printf("note:      only %d CPU(s) usable for %u threads: running "
		       "unpinned; threads then share CPUs and rarely overlap\n",
		       ncpu, t->nthreads);

	/* Workers wait at the gate until all exist, so a failure can abort. */
	for (created = 0; created < t->nthreads; created++) {
		w[created].rs = &rs;
		w[created].tid = created;
		err = -pthread_create(&th[created], NULL, worker_main,
				      &w[created]);
		if (err) {
			fprintf(stderr, "harness: cannot start thread %u: %s\n",
				created, strerror(-err));
			break;
		}
	}
	for (i = 0; i < created && res->pinned; i++) {
		if (pin_thread(th[i], cpus[i])) {
			printf("note:      cannot pin thread %u to cpu %d: "
			       "running unpinned\n", i, cpus[i]);
			res->pinned = false;
		}
	}
	for (i = 0; i < t->nthreads; i++)
		res->cpu[i] = res->pinned ? cpus[i] : -1;
	rs.bar.yield = !res->pinned;

	start = now_seconds();
	rs.deadline = start + max_seconds;
	__atomic_store_n(&rs.gate, err ? GATE_ABORT : GATE_GO, __ATOMIC_RELEASE);
	for (i = 0; i < created; i++)
		pthread_join(th[i], NULL);
	res->seconds = now_seconds() - start;
	res->late += rs.late;
	res->margin_ns = rs.bar.margin / ticks_per_ns();
	return err;
}

void harness_print_histogram(const struct harness_test *t,
			     const struct harness_result *res,
			     int marked, const char *mark)
{
	unsigned int i;

	printf("test:      %s, %u threads", t->name, t->nthreads);
	if (res->pinned) {
		printf(" on cpus");
		for (i = 0; i < t->nthreads; i++)
			printf("%s%d", i ? "," : " ", res->cpu[i]);
	} else {
		printf(", unpinned");
	}
	printf("\n");
	printf("runs:      %lu iterations in %.2f s%s\n", res->iterations,
	       res->seconds,
	       res->timed_out ? " (stopped at the time limit)" : "");
	printf("sync:      bodies start at a common clock instant %.0f ns "
	       "after release, +0..%u ns jitter; %.1f%% of starts late\n",
	       res->margin_ns, t->jitter_ns,
	       res->iterations ? 100.0 * res->late /
			(res->iterations * t->nthreads) : 0.0);
	for (i = 0; i < t->noutcomes; i++)
		printf("  %-22s %12lu%s%s\n", t->outcome_names[i],
		       res->counts[i], (int)i == marked ? "  <- " : "",
		       (int)i == marked ? mark : "");
}

void harness_print_verdict(const struct harness_result *res, int outcome,
			   bool expect_zero)
{
	unsigned long n = res->counts[outcome];

	if (expect_zero && n)
		printf("verdict:   observed %lu times in %lu iterations although "
		       "this code forbids it: harness or hardware problem\n",
		       n, res->iterations);
	else if (expect_zero)
		printf("verdict:   not observed in %lu iterations, as this code "
		       "requires\n", res->iterations);
	else if (n)
		printf("verdict:   observed %lu times in %lu iterations (%.4f%%): "
		       "the reordering is real on this CPU\n", n,
		       res->iterations, 100.0 * n / res->iterations);
	else
		printf("verdict:   not observed in %lu iterations: this run did "
		       "not show it (absence proves nothing)\n",
		       res->iterations);
}

/* --------------------------------------------------------------- timing */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double time_once(void (*fn)(void *ctx, unsigned long ops), void *ctx,
			unsigned long ops)
{
	double t0 = now_seconds();

	fn(ctx, ops);
	return (now_seconds() - t0) * 1e9 / ops;
}

static void summarise(double *ns, unsigned int runs, unsigned long ops,
		      struct harness_timing *out)
{
	qsort(ns, runs, sizeof(ns[0]), cmp_double);
	out->median_ns = runs & 1 ? ns[runs / 2] :
			 (ns[runs / 2 - 1] + ns[runs / 2]) / 2;
	out->min_ns = ns[0];
	out->max_ns = ns[runs - 1];
	out->ops = ops;
	out->runs = runs;
}

#define MAX_RUNS	64

void harness_time(void (*fn)(void *ctx, unsigned long ops), void *ctx,
		  unsigned long ops, unsigned int runs,
		  struct harness_timing *out)
{
	double ns[MAX_RUNS];
	unsigned int i;

	runs = runs < 1 ? 1 : runs > MAX_RUNS ? MAX_RUNS : runs;
	fn(ctx, ops);	/* warm caches, branch predictors and the clock */
	for (i = 0; i < runs; i++)
		ns[i] = time_once(fn, ctx, ops);
	summarise(ns, runs, ops, out);
}

static void print_timing(const char *variant, const struct harness_seq *s,
			 const struct harness_timing *t)
{
	printf("  %-5s %-46s %8.2f ns/op  (%.2f..%.2f)%s\n", variant, s->code,
	       t->median_ns, t->min_ns, t->max_ns,
	       strcmp(variant, this_variant) ? "" : "  <- this build");
}

static void compare_once(const struct harness_seq *bad,
			 const struct harness_seq *fixed, void *ctx,
			 unsigned long ops, unsigned int runs)
{
	double nb[MAX_RUNS], nf[MAX_RUNS];
	struct harness_timing tb, tf;
	unsigned int i;

	runs = runs < 1 ? 1 : runs > MAX_RUNS ? MAX_RUNS : runs;
	bad->fn(ctx, ops);
	fixed->fn(ctx, ops);
	for (i = 0; i < runs; i++) {
		nb[i] = time_once(bad->fn, ctx, ops);
		nf[i] = time_once(fixed->fn, ctx, ops);
	}
	summarise(nb, runs, ops, &tb);
	summarise(nf, runs, ops, &tf);
	print_timing("bad", bad, &tb);
	print_timing("fixed", fixed, &tf);
	printf("  ratio bad/fixed: %.2f\n", tb.median_ns / tf.median_ns);
}

/* Locked RMWs on a line of its own: memory traffic the test never reads. */
static struct {
	unsigned long counter __harness_aligned;
} hammer_line;

static void hammer(void *ctx, const volatile bool *stop)
{
	(void)ctx;
	while (!*stop)
		__atomic_fetch_add(&hammer_line.counter, 1, __ATOMIC_SEQ_CST);
}

void harness_compare(const struct harness_seq *bad,
		     const struct harness_seq *fixed, void *ctx,
		     unsigned long ops, unsigned int runs)
{
	int err;

	printf("timing:    %u alternating runs of %lu ops each; median ns/op "
	       "(min..max), loop overhead included\n", runs, ops);
	compare_once(bad, fixed, ctx, ops, runs);
	err = harness_bg_start(hammer, NULL);
	if (err) {
		printf("  under load: skipped (%s)\n", err == -ENODEV ?
		       "no second CPU" : strerror(-err));
		return;
	}
	printf("  under load: another CPU doing locked adds on an unrelated "
	       "cache line\n");
	compare_once(bad, fixed, ctx, ops, runs);
	harness_bg_stop();
}

/* ------------------------------------------------------ store buffering */

static void sb_reset(void *shared)
{
	struct harness_sb *sb = shared;

	*(volatile int *)sb->x = 0;
	*(volatile int *)sb->y = 0;
	sb->r0 = sb->r1 = -1;
}

static void sb_prepare(void *shared, unsigned int tid)
{
	struct harness_sb *sb = shared;

	(void)tid;
	(void)*(volatile int *)sb->x;
	(void)*(volatile int *)sb->y;
}

static unsigned int sb_outcome(const void *shared)
{
	const struct harness_sb *sb = shared;

	return (sb->r0 & 1) * 2 + (sb->r1 & 1);
}

static const char *const sb_names[] = {
	"r0=0 r1=0", "r0=0 r1=1", "r0=1 r1=0", "r0=1 r1=1",
};

void harness_sb_test(struct harness_test *t, struct harness_sb *sb,
		     const char *name, void (*t0)(void *), void (*t1)(void *))
{
	memset(t, 0, sizeof(*t));
	t->name = name;
	t->nthreads = 2;
	t->shared = sb;
	t->reset = sb_reset;
	t->prepare = sb_prepare;
	t->thread[0] = t0;
	t->thread[1] = t1;
	t->outcome = sb_outcome;
	t->noutcomes = 4;
	t->outcome_names = sb_names;
	/* Tuned on an AMD EPYC VM: 0, 25 and 100 ns all showed SB there. */
	t->jitter_ns = 25;
}

int harness_report(const struct harness_test *t, int outcome, bool fixed,
		   const char *legend, const char *mark, const char *x86_fixed,
		   const char *x86_seen)
{
	struct harness_result res;

	printf("legend:    %s\n", legend);
	if (harness_run(t, harness_iterations(1000000), harness_seconds(8.0),
			&res))
		return 2;
	harness_print_histogram(t, &res, outcome, mark);
	harness_print_verdict(&res, outcome, fixed);
#if defined(__x86_64__)
	if (fixed)
		printf("x86-64:    %s\n", x86_fixed);
	else if (res.counts[outcome])
		printf("x86-64:    %s\n", x86_seen);
	else
		printf("x86-64:    TSO allows %s with this code (no fence "
		       "is emitted), but this run did not catch it: try more "
		       "iterations on two otherwise idle CPUs\n",
		       t->outcome_names[outcome]);
#else
	(void)x86_fixed;
	(void)x86_seen;
	printf("this CPU:  not x86-64; the counts above are its own\n");
#endif
	return 0;
}

int harness_sb_report(const struct harness_test *t, bool fixed,
		      const char *x86_fence)
{
	char fixed_line[256], seen_line[256];

	snprintf(fixed_line, sizeof(fixed_line),
		 "%s: it drains the store buffer before the load, which TSO "
		 "otherwise lets pass the store",
		 x86_fence);
	snprintf(seen_line, sizeof(seen_line),
		 "%s: TSO let each load pass the store before it", x86_fence);
	return harness_report(t, HARNESS_SB_BOTH_ZERO, fixed,
			      "r0 = y as T0 read it after storing x, r1 = x as "
			      "T1 read it after storing y",
			      "both loads missed both stores", fixed_line,
			      seen_line);
}

/* ----------------------------------------------------- background load */

static struct {
	pthread_t th;
	bool running;
	volatile bool stop;
	void (*fn)(void *ctx, const volatile bool *stop);
	void *ctx;
	cpu_set_t saved;	/* the caller's mask, restored on stop */
} bg;

static void *bg_main(void *arg)
{
	(void)arg;
	bg.fn(bg.ctx, &bg.stop);
	return NULL;
}

int harness_bg_start(void (*fn)(void *ctx, const volatile bool *stop),
		     void *ctx)
{
	int cpus[2], err;

	if (bg.running)
		return -EBUSY;
	if (allowed_cpus(cpus, 2) < 2)
		return -ENODEV;
	if (pthread_getaffinity_np(pthread_self(), sizeof(bg.saved), &bg.saved))
		return -EINVAL;
	err = pin_thread(pthread_self(), cpus[0]);
	if (err)
		return err;
	bg.fn = fn;
	bg.ctx = ctx;
	bg.stop = false;
	err = -pthread_create(&bg.th, NULL, bg_main, NULL);
	if (err)
		goto restore;
	bg.running = true;
	err = pin_thread(bg.th, cpus[1]);
	if (!err)
		return 0;
	harness_bg_stop();
	return err;
restore:
	pthread_setaffinity_np(pthread_self(), sizeof(bg.saved), &bg.saved);
	return err;
}

void harness_bg_stop(void)
{
	if (!bg.running)
		return;
	bg.stop = true;
	pthread_join(bg.th, NULL);
	pthread_setaffinity_np(pthread_self(), sizeof(bg.saved), &bg.saved);
	bg.running = false;
}
