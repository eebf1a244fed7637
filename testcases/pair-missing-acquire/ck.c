// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire in Concurrency Kit (ck_pr.h): message passing
 * without the read barrier. The writer orders data before the flag with
 * ck_pr_fence_store(); the reader loads the flag, then the data, with no
 * ck_pr_fence_load() between: ck_pr_load_*() are relaxed (man ck_pr_load),
 * so a CK_MD_RMO CPU may satisfy the second load first.
 */
#include <ck_pr.h>

/* bad: the reader has no ck_pr_fence_load() */
struct chan {
	int data;
	int ready;
};

void chan_send(struct chan *c, int v)
{
	ck_pr_store_int(&c->data, v); // expect-note[pair-missing-acquire] {{chan_send() stores 'chan.data' here}}
	ck_pr_fence_store(); // expect-note[pair-missing-acquire] {{ordered by ck_pr_fence_store() here}}
	ck_pr_store_int(&c->ready, 1); // expect-note[pair-missing-acquire] {{then stores 'chan.ready' here}}
}

int chan_recv(struct chan *c)
{
	if (!ck_pr_load_int(&c->ready)) // expect-note[pair-missing-acquire] {{chan_recv() reads 'chan.ready' here}}
		return -1;
	return ck_pr_load_int(&c->data); // expect-warning[pair-missing-acquire] {{'chan.data' is read after 'chan.ready' with nothing ordering the two reads, but chan_send() orders its stores to them with ck_pr_fence_store(): use ck_pr_load_*() then ck_pr_fence_acquire() for 'chan.ready' (or ck_pr_fence_load() between)}} expect-note[pair-missing-acquire] {{then reads 'chan.data' here}}
}

/* good: ck_pr_fence_load() between the two loads */
struct mbox {
	unsigned int data;
	unsigned int ready;
};

void mbox_send(struct mbox *m, unsigned int v)
{
	ck_pr_store_uint(&m->data, v);
	ck_pr_fence_store();
	ck_pr_store_uint(&m->ready, 1);
}

unsigned int mbox_recv(struct mbox *m)
{
	if (!ck_pr_load_uint(&m->ready))
		return 0;
	ck_pr_fence_load();
	return ck_pr_load_uint(&m->data);
}
