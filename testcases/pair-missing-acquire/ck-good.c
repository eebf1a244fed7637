// SPDX-License-Identifier: GPL-2.0
/*
 * Concurrency Kit, good: CK's own idioms with the fences they need (man
 * ck_pr_fence_store, ck_pr_fence_load, ck_pr_fence_atomic_load), an SPSC
 * ck_ring, a ck_sequence reader and writer, ck_spinlock critical sections
 * and an epoch-protected reader: every rule stays quiet.
 */
#include <ck_epoch.h>
#include <ck_pr.h>
#include <ck_ring.h>
#include <ck_sequence.h>
#include <ck_spinlock.h>
#include <stdbool.h>
#include <stddef.h>
// expect-no-diagnostics

struct item {
	int key;
	int val;
};
struct box {
	struct item *cur;
	int data;
	int ready;
};

void box_publish(struct box *b, struct item *it, int v)
{
	it->key = v;
	it->val = v;
	ck_pr_fence_store();
	ck_pr_store_ptr(&b->cur, it);
}
int box_read(struct box *b)
{
	struct item *it = ck_pr_load_ptr(&b->cur);
	if (!it)
		return -1;
	return it->val;
}
void mp_send(struct box *b, int v)
{
	ck_pr_store_int(&b->data, v);
	ck_pr_fence_store();
	ck_pr_store_int(&b->ready, 1);
}
int mp_recv(struct box *b)
{
	if (!ck_pr_load_int(&b->ready))
		return -1;
	ck_pr_fence_load();
	return ck_pr_load_int(&b->data);
}
unsigned int flag_a, flag_b;
int sb_left(void)
{
	ck_pr_fas_uint(&flag_a, 1);
	ck_pr_fence_atomic_load();
	return ck_pr_load_uint(&flag_b) == 0;
}
int sb_right(void)
{
	ck_pr_fas_uint(&flag_b, 1);
	ck_pr_fence_memory();
	return ck_pr_load_uint(&flag_a) == 0;
}

/* ck_ring SPSC: the entry's fields are written before the enqueue */
struct entry {
	int a;
	int b;
};
static struct ck_ring ring;
static struct ck_ring_buffer buf[64];
bool produce(struct entry *e, int v)
{
	e->a = v;
	e->b = v + 1;
	return ck_ring_enqueue_spsc(&ring, buf, e);
}
int consume(void)
{
	struct entry *e;
	if (!ck_ring_dequeue_spsc(&ring, buf, &e))
		return -1;
	return e->a + e->b;
}

/* ck_sequence: a writer under its lock, a lockless reader */
static ck_sequence_t seq = CK_SEQUENCE_INITIALIZER;
static ck_spinlock_t lock = CK_SPINLOCK_INITIALIZER;
struct pair {
	int x;
	int y;
} shared;
void pair_set(int x, int y)
{
	ck_spinlock_lock(&lock);
	ck_sequence_write_begin(&seq);
	shared.x = x;
	shared.y = y;
	ck_sequence_write_end(&seq);
	ck_spinlock_unlock(&lock);
}
struct pair pair_get(void)
{
	struct pair p;
	unsigned int v;
	do {
		v = ck_sequence_read_begin(&seq);
		p = shared;
	} while (ck_sequence_read_retry(&seq, v));
	return p;
}

/* counters under a spinlock */
static int total, count;
void add(int v)
{
	ck_spinlock_fas_lock((ck_spinlock_fas_t *)&lock);
	total += v;
	count++;
	ck_spinlock_fas_unlock((ck_spinlock_fas_t *)&lock);
}

/* an epoch-protected reader of an RCU-style pointer */
static ck_epoch_t epoch;
struct item *global;
int epoch_read(ck_epoch_record_t *rec)
{
	struct item *it;
	int v = -1;
	ck_epoch_begin(rec, NULL);
	it = ck_pr_load_ptr(&global);
	if (it)
		v = it->val;
	ck_epoch_end(rec, NULL);
	return v;
}
void epoch_publish(struct item *it)
{
	it->val = 3;
	ck_pr_fence_store();
	ck_pr_store_ptr(&global, it);
}
