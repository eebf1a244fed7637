// SPDX-License-Identifier: GPL-2.0
/*
 * lb-needs-order: load buffering with one side ordered.  chan_serve()
 * orders its load of req before its store of ack with smp_mb();
 * chan_client() loads ack and then stores req with nothing between, so a
 * weakly ordered CPU may make its store visible before its load is
 * satisfied, and both loads can read the value the other side stores
 * afterwards (recipes.txt, "Load buffering").
 *
 * What a run shows: the LB test
 *	T0: r0 = READ_ONCE(req); smp_mb(); WRITE_ONCE(ack, 1);
 *	T1: r1 = READ_ONCE(ack); WRITE_ONCE(req, 1);
 * and the counts of all four (r0, r1) outcomes; r0=1 r1=1 is the one the
 * rule is about.  With -DFIXED T1 stores req with smp_store_release().
 *
 * What this CPU cannot show: x86-64 is TSO and never lets a store pass an
 * earlier load, so r0=1 r1=1 cannot appear here with either build, and a
 * zero count says nothing for the fix.  What can be shown here instead:
 * show-codegen.sh (the tags at the end) prints chan_client() for x86-64
 * and arm64 and says what orders the store of req after the load of ack
 * (on arm64 nothing in the bad build, the stlr in the fixed one);
 * show-herd.sh runs herd7 (LKMM) on the litmus form of both builds, the
 * two .litmus files named by the litmus tags.
 */
#include <stdio.h>

#include "harness.h"
#include "kprims.h"

#ifdef FIXED
#define REQ_STORE(p, v) smp_store_release(p, v)
#define REQ_STORE_NAME "smp_store_release(&req, 1)"
#else
#define REQ_STORE(p, v) WRITE_ONCE(*(p), v)
#define REQ_STORE_NAME "WRITE_ONCE(req, 1)"
#endif

static int req __harness_aligned;
static int ack __harness_aligned;
static struct harness_sb sb = { .x = &req, .y = &ack };

/* r0=1 r1=1 in harness_sb's (r0 & 1) * 2 + (r1 & 1) numbering */
#define BOTH_SEEN 3

void chan_serve(void *shared);
void chan_serve(void *shared)
{
	struct harness_sb *s = shared;

	s->r0 = READ_ONCE(req);
	smp_mb();
	WRITE_ONCE(ack, 1);
}

void chan_client(void *shared);
void chan_client(void *shared)
{
	struct harness_sb *s = shared;

	s->r1 = READ_ONCE(ack);
	REQ_STORE(&req, 1);
}

int main(void)
{
	struct harness_test t;
	struct harness_result res;

	harness_print_header("lb-needs-order", REPRO_VARIANT);
	printf("code:      T0: r0 = READ_ONCE(req); smp_mb(); WRITE_ONCE(ack, 1);"
	       "  ||  T1: r1 = READ_ONCE(ack); %s;\n",
	       REQ_STORE_NAME);
	printf("legend:    r0 = req as T0 read it, r1 = ack as T1 read it; each "
	       "is 1 only if the other side's store came first\n");
	/* harness_sb_test() gives the reset, shared lines and (r0, r1) counts. */
	harness_sb_test(&t, &sb,
			REPRO_FIXED ? "LB+fencembonceonce+pooncerelease" :
				      "LB+fencembonceonce+poonceonce",
			chan_serve, chan_client);
	if (harness_run(&t, harness_iterations(1000000), harness_seconds(8.0),
			&res))
		return 2;
	harness_print_histogram(&t, &res, BOTH_SEEN,
				"both loads saw the later store");
	harness_print_verdict(&res, BOTH_SEEN, REPRO_FIXED);
#if defined(__x86_64__)
	if (res.counts[BOTH_SEEN] == 0)
		printf("x86-64:    masked on this CPU: TSO never lets a store "
		       "pass an earlier load, so r0=1 r1=1 needs a weakly "
		       "ordered CPU (arm64, POWER) and a run here cannot tell "
		       "bad from fixed; what differs is the code "
		       "(show-codegen.sh) and herd7's verdict (show-herd.sh)\n");
	else
		printf("x86-64:    TSO never lets a store pass an earlier load: "
		       "a compiler must have put a store before a load (see "
		       "show-codegen.sh)\n");
#else
	printf("this CPU:  not x86-64; the counts above are its own\n");
#endif
	return 0;
}

// repro-shows: codegen
// codegen: order chan_client ack req
// litmus: bad LB+fencembonceonce+poonceonce.litmus
// litmus: fixed LB+fencembonceonce+pooncerelease.litmus
