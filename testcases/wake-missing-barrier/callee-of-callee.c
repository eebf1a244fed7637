// SPDX-License-Identifier: GPL-2.0
/*
 * wake-missing-barrier: the test two calls down. A helper that starts
 * with the test (fs/splice.c's wakeup_pipe_readers(), here without its
 * smp_mb()) is often reached through a wrapper, which then starts with
 * the test too. The wake-up that follows the test in the helper decides
 * it, as it does for a caller of the helper itself. decides_wake() once
 * looked for the test in the wrapper's own body, did not find it there
 * (it is the helper's), and took the test for one that decides nothing.
 * Found from the surviving mutant rules/context.c:173 (bench/mutate.py,
 * issue 37), which took the call's body instead, one level short: the
 * second case pins that depth.
 */
#include <ordercheck/linux.h>

void do_something(void);

struct chan {
	wait_queue_head_t rd_wait;
	wait_queue_head_t wr_wait;
	int ready;
};

static void chan_wake_readers(struct chan *c)
{
	if (waitqueue_active(&c->rd_wait))
		wake_up_interruptible(&c->rd_wait);
}

static void chan_wake_all(struct chan *c)
{
	chan_wake_readers(c);
}

void chan_hangup(struct chan *c)
{
	WRITE_ONCE(c->ready, -1); // expect-note[wake-missing-barrier] {{the store the test can pass}}
	chan_wake_all(c); // expect-warning[wake-missing-barrier] {{waitqueue_active() in chan_wake_all() tests for sleepers after 'WRITE_ONCE(c->ready, -1)'}}
}

/*
 * The wake-up three calls below the helper still decides its test: the
 * helper's body is looked into as deep as a function's own (MAX_DEPTH
 * callees), whether the caller or a wrapper calls it
 */
static void chan_do_wake(struct chan *c)
{
	wake_up(&c->rd_wait);
}

static void chan_kick(struct chan *c)
{
	chan_do_wake(c);
}

static void chan_notify(struct chan *c)
{
	chan_kick(c);
}

static void chan_wake_if_waiting(struct chan *c)
{
	if (waitqueue_active(&c->rd_wait))
		chan_notify(c);
}

void chan_post(struct chan *c, int v)
{
	WRITE_ONCE(c->ready, v); // expect-note[wake-missing-barrier] {{the store the test can pass}}
	chan_wake_if_waiting(c); // expect-warning[wake-missing-barrier] {{waitqueue_active() in chan_wake_if_waiting() tests for sleepers}}
}

/* Good: two calls down, a test that decides no wake-up (an assertion) */
static void chan_check_idle(struct chan *c)
{
	if (waitqueue_active(&c->wr_wait))
		do_something();
}

static void chan_check(struct chan *c)
{
	chan_check_idle(c);
}

void chan_reset(struct chan *c)
{
	WRITE_ONCE(c->ready, 0);
	chan_check(c);
}
