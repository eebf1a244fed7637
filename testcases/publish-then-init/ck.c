// SPDX-License-Identifier: GPL-2.0
/*
 * publish-then-init in Concurrency Kit: ck_ring_enqueue_spsc() publishes
 * the entry to the consumer (ck_ring.h: the slot, then
 * ck_pr_fence_store(), then the producer index), so a field written after
 * it may be read before it is written.
 */
#include <ck_ring.h>
#include <stdbool.h>

struct job {
	int id;
	int arg;
};

static struct ck_ring ring;
static struct ck_ring_buffer slots[64];

/* bad: arg is written after the enqueue */
bool job_submit(struct job *j, int id, int arg)
{
	bool ok;

	j->id = id;
	ok = ck_ring_enqueue_spsc(&ring, slots, j); // expect-note[publish-then-init] {{'j' published here}}
	j->arg = arg; // expect-warning[publish-then-init] {{'j->arg' is initialised after 'j' was published to lockless readers by ck_ring_enqueue_spsc(): a reader that finds it can see the value from before; initialise it before publishing}}
	return ok;
}

/* good: every field before the enqueue */
bool job_submit_fixed(struct job *j, int id, int arg)
{
	j->id = id;
	j->arg = arg;
	return ck_ring_enqueue_spsc(&ring, slots, j);
}

int job_take(void)
{
	struct job *j;

	if (!ck_ring_dequeue_spsc(&ring, slots, &j))
		return -1;
	return j->id + j->arg;
}
