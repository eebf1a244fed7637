// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release, quiet: the writer's order comes from a callee, its
 * smp_wmb() (inlined: the helper also stores the data) or its smp_mb()
 * (a barrier helper between the two stores).
 */
#include <ordercheck/linux.h>
// expect-no-diagnostics

struct cfg {
	int data;
	int ready;
};

static void cfg_fill(struct cfg *c, int v)
{
	c->data = v;
	smp_wmb(); /* pairs with smp_load_acquire() in cfg_consume() */
}

void cfg_publish(struct cfg *c, int v)
{
	cfg_fill(c, v);
	WRITE_ONCE(c->ready, 1);
}

int cfg_consume(struct cfg *c)
{
	if (!smp_load_acquire(&c->ready))
		return -1;
	return c->data;
}

struct job {
	int arg;
	int queued;
};

static void job_fence(void)
{
	smp_mb();
}

void job_queue(struct job *j, int v)
{
	WRITE_ONCE(j->arg, v);
	job_fence();
	WRITE_ONCE(j->queued, 1);
}

int job_take(struct job *j)
{
	if (!smp_load_acquire(&j->queued))
		return -1;
	return READ_ONCE(j->arg);
}
