// SPDX-License-Identifier: GPL-2.0
/*
 * unordered-flag: message passing in which both sides mark the flag and
 * neither orders: the writer stores the payload and then WRITE_ONCE()s the
 * flag, the reader spins on READ_ONCE() of the flag and then reads the
 * payload.  READ_ONCE()/WRITE_ONCE() keep the compiler from tearing or
 * fusing the flag accesses and order nothing, so on a weakly ordered CPU
 * the payload store can become visible after the flag store and the
 * payload load can be satisfied before the flag load (recipes.txt,
 * "Message passing").
 *
 * What a run shows: message passing with the reader waiting on the flag
 * (a bounded number of polls, cpu_relax() between them, as kernel waits
 * have),
 *	T0: payload = 1; WRITE_ONCE(done, 1);
 *	T1: while (!READ_ONCE(done)) cpu_relax(); r1 = payload;
 * and the counts of all four (r0, r1) outcomes, r0 = 1 when T1 saw done
 * within its polls; r0=1 r1=0 (flag seen, old payload) is the one the rule
 * is about.  With -DFIXED the writer stores done with smp_store_release()
 * and the reader loads it with smp_load_acquire().  The jitter is 200 ns,
 * so that T1's polls start before, in and after T0's stores.
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a store pass an
 * earlier store nor a load an earlier load, so r0=1 r1=0 cannot appear
 * here with either build unless a compiler reorders the accesses; a zero
 * count says nothing for the fix.  What can be shown here instead:
 * show-codegen.sh (the tags at the end) prints the writer and the reader
 * for x86-64 and arm64 and says what orders the payload store before the
 * flag store and the payload load after the flag load (on arm64 nothing in
 * the bad build; stlr and ldar in the fixed one); show-herd.sh runs herd7
 * (LKMM) on the litmus form of both builds.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define FLAG_STORE(p, v) smp_store_release(p, v)
#define FLAG_LOAD(p) smp_load_acquire(p)
#define STORE_NAME "smp_store_release(&done, 1)"
#define LOAD_NAME "smp_load_acquire(&done)"
#else
#define FLAG_STORE(p, v) WRITE_ONCE(*(p), v)
#define FLAG_LOAD(p) READ_ONCE(*(p))
#define STORE_NAME "WRITE_ONCE(done, 1)"
#define LOAD_NAME "READ_ONCE(done)"
#endif

/* Far longer than T0 takes to store, so a poll almost never ends unseen. */
#define SPIN_POLLS 100000

static int done __harness_aligned;
static int payload __harness_aligned;
static struct harness_sb sb = { .x = &done, .y = &payload };

/* r0=1 r1=0 in harness_sb's (r0 & 1) * 2 + (r1 & 1) numbering */
#define FLAG_NOT_DATA 2

void handoff_give(void *shared);
void handoff_give(void *shared)
{
	(void)shared;
	payload = 1;
	FLAG_STORE(&done, 1);
}

void handoff_take(void *shared);
void handoff_take(void *shared)
{
	struct harness_sb *s = shared;
	unsigned int n;

	for (n = 0; n < SPIN_POLLS; n++) {
		if (FLAG_LOAD(&done)) {
			s->r1 = payload;
			s->r0 = 1;
			return;
		}
		cpu_relax();
	}
	s->r1 = payload;
	s->r0 = 0;
}

int main(void)
{
	struct harness_test t;
	struct harness_result res;
	unsigned long saw;

	harness_print_header("unordered-flag", REPRO_VARIANT);
	printf("code:      T0: payload = 1; %s;  ||  T1: for (n = 0; n < %d; n++) "
	       "{ if (%s) { r1 = payload; r0 = 1; return; } cpu_relax(); } "
	       "r0 = 0;\n",
	       STORE_NAME, SPIN_POLLS, LOAD_NAME);
	printf("legend:    r0 = 1 if T1 saw done == 1 within its polls, r1 = "
	       "payload as T1 read it after\n");
	/* harness_sb_test() gives the reset, shared lines and (r0, r1) counts. */
	harness_sb_test(&t, &sb,
			REPRO_FIXED ? "MP+pooncerelease+poacquireonce" :
				      "MP+poonceonces",
			handoff_give, handoff_take);
	t.jitter_ns = 200;
	if (harness_run(&t, harness_iterations(500000), harness_seconds(8.0),
			&res))
		return 2;
	harness_print_histogram(&t, &res, FLAG_NOT_DATA,
				"flag seen, old payload");
	saw = res.counts[FLAG_NOT_DATA] + res.counts[FLAG_NOT_DATA + 1];
	printf("poll:      T1 saw done in %lu of %lu iterations\n", saw,
	       res.iterations);
	harness_print_verdict(&res, FLAG_NOT_DATA, REPRO_FIXED);
#if defined(__x86_64__)
	if (res.counts[FLAG_NOT_DATA] == 0)
		printf("x86-64:    masked on this CPU: TSO never lets a store "
		       "pass an earlier store nor a load an earlier load, so "
		       "r0=1 r1=0 needs a weakly ordered CPU (arm64, POWER) and "
		       "a run here cannot tell bad from fixed; what differs is "
		       "the code (show-codegen.sh) and herd7's verdict "
		       "(show-herd.sh)\n");
	else
		printf("x86-64:    TSO keeps store->store and load->load order: "
		       "a compiler must have reordered the payload access (see "
		       "show-codegen.sh)\n");
#else
	printf("this CPU:  not x86-64; the counts above are its own\n");
#endif
	return 0;
}

// repro-shows: codegen
// codegen: order handoff_give payload done
// codegen: loadload handoff_take done payload
// litmus: bad MP+poonceonces.litmus
// litmus: fixed MP+pooncerelease+poacquireonce.litmus
