// SPDX-License-Identifier: GPL-2.0
/*
 * pair-missing-acquire: a call between the reader's two reads that stays
 * a call, its callee three calls deep (pairs/inline.c inlines two), is
 * judged by that callee's summary (pairs/summary.c): one that touches
 * neither location is looked past, and the reader orders nothing; one
 * that reads the data makes the reader's order unknown: quiet. Pins the
 * summary's keys (summary_touches()) and, in the sanitizer build, that
 * summaries_free() frees them: no testcase had summarised a function
 * with accesses before (issue 37, survivor pairs/summary.c:173).
 */
#include <ordercheck/linux.h>

struct dev {
	int data;
	int ready;
	unsigned long nr_reads;
	int last;
};

void dev_publish(struct dev *d, int v)
{
	WRITE_ONCE(d->data, v); // expect-note[pair-missing-acquire] {{dev_publish() stores 'dev.data' here}}
	smp_store_release(&d->ready, 1); // expect-note[pair-missing-acquire] {{then stores 'dev.ready' here}}
}

/* statistics, through two wrappers */
static void dev_count(struct dev *d)
{
	d->nr_reads++;
}

static void dev_note(struct dev *d)
{
	dev_count(d);
}

static void dev_account(struct dev *d)
{
	dev_note(d);
}

int dev_read(struct dev *d)
{
	if (!READ_ONCE(d->ready)) // expect-note[pair-missing-acquire] {{dev_read() reads 'dev.ready' here}}
		return -1;
	dev_account(d);
	return READ_ONCE(d->data); // expect-warning[pair-missing-acquire] {{'dev.data' is read after 'dev.ready' with nothing ordering the two reads}} expect-note[pair-missing-acquire] {{then reads 'dev.data' here}}
}

/* Good: the callee three deep reads the data itself */
struct dev2 {
	int data;
	int ready;
	int last;
};

void dev2_publish(struct dev2 *d, int v)
{
	WRITE_ONCE(d->data, v);
	smp_store_release(&d->ready, 1);
}

static void dev2_trace(struct dev2 *d)
{
	d->last = READ_ONCE(d->data);
}

static void dev2_note(struct dev2 *d)
{
	dev2_trace(d);
}

static void dev2_account(struct dev2 *d)
{
	dev2_note(d);
}

int dev2_read(struct dev2 *d)
{
	if (!READ_ONCE(d->ready))
		return -1;
	dev2_account(d);
	return READ_ONCE(d->data);
}
