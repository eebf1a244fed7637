// SPDX-License-Identifier: GPL-2.0
/*
 * ctrl-dep-load-load, Concurrency Kit: a function that stores a list's
 * links in order and then reads them back reads its own stores, which
 * program order gives it; the writer a reader pairs with is another
 * function (one function is one thread, as the pairing holds). From CK's
 * regressions/ck_queue/validate/ck_slist.c, whose main() is the list's
 * only writer and removes entries while the readers iterate.
 */
#include <ck_pr.h>
#include <ck_queue.h>
#include <stddef.h>

struct test {
	int value;
	CK_SLIST_ENTRY(test) list_entry;
};
CK_SLIST_HEAD(test_list, test);

struct test_list target = CK_SLIST_HEAD_INITIALIZER(target);
struct test first_entry;

/* the only writer: inserts (ck_pr_fence_store() before the head), then
 * takes the second entry out, reading the links it wrote itself */
void writer(struct test *a, struct test *b)
{
	CK_SLIST_INSERT_HEAD(&target, a, list_entry); // expect-note {{the writer orders them here}}
	CK_SLIST_INSERT_HEAD(&target, b, list_entry);
	if (CK_SLIST_EMPTY(&target) == false) {
		struct test *r = CK_SLIST_FIRST(&target);

		CK_SLIST_REMOVE(&target, r, test, list_entry);
	}
}

/* another thread waits for the list, then reads a link plainly */
struct test *reader(void)
{
	struct test *first;

	while ((first = CK_SLIST_FIRST(&target)) == NULL) // expect-note {{'writer()' writes}}
		ck_pr_stall();
	return first_entry.list_entry.csle_next; // expect-warning[ctrl-dep-load-load] {{after the spin-wait on}}
}
