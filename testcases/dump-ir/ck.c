// SPDX-License-Identifier: GPL-2.0
/*
 * Concurrency Kit 0.7 (ck.def), against the installed headers: every
 * type suffix of ck_pr_load/store (macros over ck_pr_md_*) and of the
 * atomics (relaxed RMWs), the fences in CK's model, the locks, sequence
 * locks, rings, stacks and epoch sections. ck_pr_store_T(p, VAL) expands
 * VAL twice (CK_PR_STORE_SAFE: once in sizeof), so a ck_pr_load_T() in it
 * is both the macro and its ck_pr_md_load_T() call: two loads of one
 * location at one place, which no rule tells from one.
 */
#include <ck_epoch.h>
#include <ck_pr.h>
#include <ck_ring.h>
#include <ck_rwlock.h>
#include <ck_sequence.h>
#include <ck_spinlock.h>
#include <ck_stack.h>

struct obj {
	int i;
	unsigned int u;
	uint64_t q;
	void *p;
};

void accesses(struct obj *o, void *v)
{
	ck_pr_store_int(&o->i, ck_pr_load_int(&o->i) + 1);
	ck_pr_store_64(&o->q, ck_pr_load_64(&o->q));
	ck_pr_store_ptr(&o->p, v);
	(void)ck_pr_load_ptr(&o->p);
}

void atomics(struct obj *o, void *v)
{
	bool zero;

	ck_pr_inc_uint(&o->u);
	ck_pr_dec_uint_zero(&o->u, &zero);
	(void)ck_pr_faa_uint(&o->u, 2);
	(void)ck_pr_fas_ptr(&o->p, v);
	(void)ck_pr_cas_ptr(&o->p, v, NULL);
	(void)ck_pr_btr_64(&o->q, 3);
}

/* one each: the duplicate fences are dump-ir's concern, not a rule's */
void fences(void)
{
	ck_pr_barrier();
	ck_pr_fence_load();
	ck_pr_fence_store();
	ck_pr_fence_memory();
	ck_pr_fence_acquire();
	ck_pr_fence_release();
	ck_pr_fence_atomic_load();
	ck_pr_fence_store_atomic();
	ck_pr_fence_strict_store_load();
	ck_pr_fence_load_depends();
}

static ck_spinlock_t sl = CK_SPINLOCK_INITIALIZER;
static ck_rwlock_t rw = CK_RWLOCK_INITIALIZER;
static ck_sequence_t seq = CK_SEQUENCE_INITIALIZER;
static struct ck_ring ring;
static struct ck_ring_buffer slots[16];
static struct ck_stack stack;

int locks_and_queues(struct obj *o, struct ck_stack_entry *e,
		     ck_epoch_record_t *rec)
{
	unsigned int v;
	void *out;

	ck_spinlock_lock(&sl);
	ck_spinlock_unlock(&sl);
	ck_rwlock_read_lock(&rw);
	ck_rwlock_read_unlock(&rw);
	ck_sequence_write_begin(&seq);
	ck_sequence_write_end(&seq);
	v = ck_sequence_read_begin(&seq);
	(void)ck_sequence_read_retry(&seq, v);
	(void)ck_ring_enqueue_spsc(&ring, slots, o);
	(void)ck_ring_dequeue_spsc(&ring, slots, &out);
	ck_stack_push_upmc(&stack, e);
	(void)ck_stack_pop_upmc(&stack);
	ck_epoch_begin(rec, NULL);
	ck_epoch_end(rec, NULL);
	return (int)v;
}
