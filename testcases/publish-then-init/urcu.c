// SPDX-License-Identifier: GPL-2.0
/*
 * publish-then-init in liburcu 0.13: cds_wfcq_enqueue(head, tail, node)
 * and cds_lfs_push(stack, node) make the object around the node reachable
 * to the consumer ("Issues a full memory barrier before enqueue/push":
 * what was written before is seen by whoever dequeues it; what is
 * written after is not; urcu/static/wfcqueue.h, lfstack.h). The node is
 * the last argument, embedded in the object.
 */
#define _LGPL_SOURCE
#include <urcu.h>
#include <urcu/lfstack.h>
#include <urcu/wfcqueue.h>

struct job {
	int id;
	int arg;
	struct cds_wfcq_node qnode;
	struct cds_lfs_node snode;
};

struct queue {
	struct cds_wfcq_head head;
	struct cds_wfcq_tail tail;
	struct cds_lfs_stack free;
};

/* bad: arg is written after the enqueue */
void job_submit(struct queue *q, struct job *j, int id, int arg)
{
	j->id = id;
	cds_wfcq_enqueue(&q->head, &q->tail, &j->qnode); // expect-note {{'j' published here}}
	j->arg = arg; // expect-warning[publish-then-init] {{'j->arg' is initialised after 'j' was published to lockless readers by cds_wfcq_enqueue()}}
}

/* good: every field before the enqueue */
void job_submit_fixed(struct queue *q, struct job *j, int id, int arg)
{
	j->id = id;
	j->arg = arg;
	cds_wfcq_enqueue(&q->head, &q->tail, &j->qnode);
}

/* bad: the id is reset after the job is back on the free stack */
void job_free(struct queue *q, struct job *j)
{
	cds_lfs_push(&q->free, &j->snode); // expect-note {{'j' published here}}
	j->id = -1; // expect-warning[publish-then-init] {{'j->id' is initialised after 'j' was published to lockless readers by cds_lfs_push()}}
}

/* good: reset first */
void job_free_fixed(struct queue *q, struct job *j)
{
	j->id = -1;
	cds_lfs_push(&q->free, &j->snode);
}

int job_take(struct queue *q)
{
	struct cds_wfcq_node *n = cds_wfcq_dequeue_blocking(&q->head, &q->tail);

	return n ? caa_container_of(n, struct job, qnode)->arg : -1;
}
