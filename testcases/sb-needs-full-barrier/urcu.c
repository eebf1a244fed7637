// SPDX-License-Identifier: GPL-2.0
/*
 * sb-needs-full-barrier in liburcu 0.13: the lost wake-up of a consumer
 * that sleeps on an empty lock-free stack. cds_lfs_push() "issues a full
 * memory barrier before push" and pushes by cmpxchg, fully ordered
 * (urcu/static/lfstack.h); cds_lfs_empty(): "No memory barrier is
 * issued". A consumer that says it sleeps and then finds the stack empty
 * needs cmm_smp_mb() between, or producer and consumer both miss the
 * other's store. The stack is passed as cds_lfs_stack_ptr_t, a
 * transparent union: both sides' location is the stack itself.
 */
#define _LGPL_SOURCE
#include <urcu.h>
#include <urcu/lfstack.h>

struct job {
	int id;
	struct cds_lfs_node node;
};

struct pool {
	struct cds_lfs_stack jobs;
	int sleeping;
};

/* the producer: push, then look for a sleeper */
int submit(struct pool *p, struct job *j)
{
	cds_lfs_push(&p->jobs, &j->node); // expect-note[sb-needs-full-barrier] {{submit() stores 'pool.jobs' here}}
	return CMM_LOAD_SHARED(p->sleeping); // expect-note[sb-needs-full-barrier] {{then loads 'pool.sleeping' here}}
}

/* bad: nothing orders the store before the emptiness test */
int idle(struct pool *p)
{
	CMM_STORE_SHARED(p->sleeping, 1); // expect-note[sb-needs-full-barrier] {{idle() stores 'pool.sleeping' here}}
	return cds_lfs_empty(&p->jobs); // expect-warning[sb-needs-full-barrier] {{cmm_smp_mb()}} expect-note[sb-needs-full-barrier] {{then loads 'pool.jobs' here}}
}

struct spool {
	struct cds_lfs_stack jobs;
	int sleeping;
};

int ssubmit(struct spool *p, struct job *j)
{
	cds_lfs_push(&p->jobs, &j->node);
	return CMM_LOAD_SHARED(p->sleeping);
}

/* good: a full barrier between the store and the test */
int sidle(struct spool *p)
{
	CMM_STORE_SHARED(p->sleeping, 1);
	cmm_smp_mb();
	return cds_lfs_empty(&p->jobs);
}
