// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-release in Concurrency Kit (ck_pr.h, the installed
 * libck-dev headers): a release-less publish. The writer fills an object
 * and stores its pointer with ck_pr_store_ptr() and no ck_pr_fence_store()
 * before it; the reader loads the pointer with ck_pr_load_ptr() and reads
 * through it. CK orders nothing by itself: on CK_MD_RMO targets (arm64,
 * POWER) the reader can see the pointer before the object's fields.
 */
#include <ck_pr.h>
#include <stddef.h>

struct item {
	int key;
	int val;
};

/* bad: no fence between filling the item and publishing it */
struct slot {
	struct item *cur;
};

void slot_publish(struct slot *s, struct item *it, int v)
{
	it->key = v;
	it->val = v; // expect-note[pair-missing-release] {{slot_publish() stores 'item.val' here}}
	ck_pr_store_ptr(&s->cur, it); // expect-warning[pair-missing-release] {{'slot.cur' is stored with ck_pr_store_ptr() after 'item.val' with nothing ordering the two stores, but slot_read() reads 'item.val' through the pointer it loads from 'slot.cur' and trusts an address dependency (ck_pr_load_ptr()) to order them: use ck_pr_fence_store() then ck_pr_store_ptr() or ck_pr_fence_release() then ck_pr_store_*() for 'slot.cur'}} expect-note[pair-missing-release] {{then stores 'slot.cur' here}}
}

int slot_read(struct slot *s)
{
	struct item *it = ck_pr_load_ptr(&s->cur); // expect-note[pair-missing-release] {{slot_read() reads 'slot.cur' here}}

	return it ? it->val : -1; // expect-note[pair-missing-release] {{then reads 'item.val' here}}
}

/* good: ck_pr_fence_store() orders the fields before the pointer */
struct entry {
	int key;
	int val;
};

struct table {
	struct entry *cur;
};

void table_publish(struct table *t, struct entry *e, int v)
{
	e->key = v;
	e->val = v;
	ck_pr_fence_store();
	ck_pr_store_ptr(&t->cur, e);
}

int table_read(struct table *t)
{
	struct entry *e = ck_pr_load_ptr(&t->cur);

	return e ? e->val : -1;
}
